import { headshotCreditPackages, type HeadshotCreditPackage, type HeadshotCreditPackageId } from "@/lib/catalog/headshot-packages";

/**
 * The package choice (spec §2 step 5 of 5, §4 Free trial): the free trial only for eligible
 * users and then preselected, otherwise the popular pack. Client-safe; the server enforces
 * eligibility and prices again when the generation is created.
 */

export function offeredCreditPackages(freeTrialEligible: boolean): readonly HeadshotCreditPackage[] {
  return headshotCreditPackages.filter((pack) => pack.id !== "free_trial" || freeTrialEligible);
}

export function defaultCreditPackageId(freeTrialEligible: boolean): HeadshotCreditPackageId {
  return freeTrialEligible ? "free_trial" : "popular";
}

/** The package shown as chosen: the draft's when it is still offered, else the default. */
export function chosenCreditPackage(draftPackageId: string | null, freeTrialEligible: boolean): HeadshotCreditPackage {
  const offered = offeredCreditPackages(freeTrialEligible);
  const fallback = defaultCreditPackageId(freeTrialEligible);
  return offered.find((pack) => pack.id === draftPackageId) ?? offered.find((pack) => pack.id === fallback) ?? offered[0]!;
}
