import { describe, expect, it } from "vitest";
import { chosenCreditPackage, defaultCreditPackageId, offeredCreditPackages } from "@/lib/headshot/headshot-packages";

describe("the headshot package choice (spec §4 Free trial, §9)", () => {
  it("offers the free trial only to eligible users, and preselects it for them", () => {
    expect(offeredCreditPackages(true).map((pack) => pack.id)).toEqual(["free_trial", "basic", "popular", "premium"]);
    expect(offeredCreditPackages(false).map((pack) => pack.id)).toEqual(["basic", "popular", "premium"]);
    expect(defaultCreditPackageId(true)).toBe("free_trial");
    expect(defaultCreditPackageId(false)).toBe("popular");
  });

  it("keeps the draft's choice while it is offered, else falls back to the default", () => {
    expect(chosenCreditPackage("premium", true)).toMatchObject({ id: "premium", headshots: 50, credits: 100 });
    expect(chosenCreditPackage(null, true)).toMatchObject({ id: "free_trial", headshots: 1, credits: 2 });
    expect(chosenCreditPackage("free_trial", false)).toMatchObject({ id: "popular", headshots: 25, credits: 50 });
    expect(chosenCreditPackage("25_headshots", false).id).toBe("popular");
  });
});
