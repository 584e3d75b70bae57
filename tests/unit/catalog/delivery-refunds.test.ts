import { describe, expect, it } from "vitest";
import { creditsOwedForMissing, moneyOwedForMissing } from "@/lib/catalog/delivery-refunds";

describe("what a short delivery owes back (decision 19)", () => {
  it("gives 2 credits per missing image, never more than the job cost", () => {
    expect(creditsOwedForMissing({ creditsCost: 20, ordered: 10, delivered: 3 })).toBe(14);
    expect(creditsOwedForMissing({ creditsCost: 20, ordered: 10, delivered: 10 })).toBe(0);
    expect(creditsOwedForMissing({ creditsCost: 20, ordered: 10, delivered: 0 })).toBe(20);
    expect(creditsOwedForMissing({ creditsCost: 2, ordered: 1, delivered: 0 })).toBe(2);
    expect(creditsOwedForMissing({ creditsCost: 0, ordered: 10, delivered: 0 })).toBe(0);
    expect(creditsOwedForMissing({ creditsCost: 20, ordered: 10, delivered: 12 })).toBe(0);
  });

  it("refunds a cash pack's price pro rata, rounded to the cent, the whole price when nothing came", () => {
    expect(moneyOwedForMissing({ amountMinor: 999, ordered: 10, delivered: 3 })).toBe(699);
    expect(moneyOwedForMissing({ amountMinor: 999, ordered: 10, delivered: 0 })).toBe(999);
    expect(moneyOwedForMissing({ amountMinor: 999, ordered: 10, delivered: 10 })).toBe(0);
    expect(moneyOwedForMissing({ amountMinor: 1499, ordered: 25, delivered: 24 })).toBe(60);
    expect(moneyOwedForMissing({ amountMinor: 2099, ordered: 50, delivered: 1 })).toBe(2057);
    expect(moneyOwedForMissing({ amountMinor: 1274, ordered: 25, delivered: 12 })).toBe(662);
  });
});
