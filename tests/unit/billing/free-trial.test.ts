import { describe, expect, it } from "vitest";
import { isFreeTrialEligible } from "@/lib/billing/free-trial";

describe("isFreeTrialEligible (spec §4 'Free trial')", () => {
  it("offers the trial while no monthly credit is used and at least 5 bonus credits are left", () => {
    expect(isFreeTrialEligible({ creditsUsed: 0, bonusCredits: 5 })).toBe(true);
    expect(isFreeTrialEligible({ creditsUsed: 0, bonusCredits: 35 })).toBe(true);
  });

  it("refuses it once monthly credits were used or fewer than 5 bonus credits are left", () => {
    expect(isFreeTrialEligible({ creditsUsed: 1, bonusCredits: 5 })).toBe(false);
    expect(isFreeTrialEligible({ creditsUsed: 0, bonusCredits: 4 })).toBe(false);
    expect(isFreeTrialEligible({ creditsUsed: 0, bonusCredits: 3 })).toBe(false);
    expect(isFreeTrialEligible({ creditsUsed: 0, bonusCredits: 0 })).toBe(false);
  });
});
