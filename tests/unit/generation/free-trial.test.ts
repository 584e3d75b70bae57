import { describe, expect, it } from "vitest";
import { isFreeTrialEligible } from "@/lib/generation/free-trial";

describe("isFreeTrialEligible (spec §4 'Free trial', decision 17)", () => {
  it("offers the trial while no monthly credit is used and at least 5 bonus credits are left", () => {
    expect(isFreeTrialEligible({ creditsUsed: 0, bonusCredits: 5 }, false)).toBe(true);
    expect(isFreeTrialEligible({ creditsUsed: 0, bonusCredits: 35 }, false)).toBe(true);
  });

  it("refuses it once monthly credits were used or fewer than 5 bonus credits are left", () => {
    expect(isFreeTrialEligible({ creditsUsed: 1, bonusCredits: 5 }, false)).toBe(false);
    expect(isFreeTrialEligible({ creditsUsed: 0, bonusCredits: 4 }, false)).toBe(false);
    expect(isFreeTrialEligible({ creditsUsed: 0, bonusCredits: 3 }, false)).toBe(false);
    expect(isFreeTrialEligible({ creditsUsed: 0, bonusCredits: 0 }, false)).toBe(false);
  });

  it("refuses it to an account that has taken it before, whatever its balance", () => {
    expect(isFreeTrialEligible({ creditsUsed: 0, bonusCredits: 5 }, true)).toBe(false);
    expect(isFreeTrialEligible({ creditsUsed: 0, bonusCredits: 235 }, true)).toBe(false);
  });
});
