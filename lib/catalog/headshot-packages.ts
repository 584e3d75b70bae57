/**
 * The Headshot Pro packages (spec §9, decision 7): packages paid with credits on the package
 * screen and cash packs paid at checkout. The headshot tool, the package screens and the
 * checkout all read them here; a count or price sent by a browser is never used.
 */

export const headshotCreditPackageIds = ["free_trial", "basic", "popular", "premium"] as const;
export type HeadshotCreditPackageId = (typeof headshotCreditPackageIds)[number];

export interface HeadshotCreditPackage {
  id: HeadshotCreditPackageId;
  headshots: number;
  credits: number;
  popular: boolean;
}

export const headshotCreditPackages: readonly HeadshotCreditPackage[] = [
  { id: "free_trial", headshots: 1, credits: 2, popular: false },
  { id: "basic", headshots: 10, credits: 20, popular: false },
  { id: "popular", headshots: 25, credits: 50, popular: true },
  { id: "premium", headshots: 50, credits: 100, popular: false },
];

/** The 'TRY FOR FREE' package: one headshot, offered once per account (decision 17). */
export const freeTrialPackageId = "free_trial" satisfies HeadshotCreditPackageId;

/** Headshot cash packs (decision 7: spec version A). */
export const cashPackTypes = ["10_headshots", "25_headshots", "50_headshots"] as const;
export type CashPackType = (typeof cashPackTypes)[number];

export interface CashPack {
  packageType: CashPackType;
  headshots: number;
  priceUsd: number;
  popular: boolean;
}

export const cashPacks: readonly CashPack[] = [
  { packageType: "10_headshots", headshots: 10, priceUsd: 999, popular: false },
  { packageType: "25_headshots", headshots: 25, priceUsd: 1499, popular: true },
  { packageType: "50_headshots", headshots: 50, priceUsd: 2099, popular: false },
];

export function findCashPack(packageType: string): CashPack | undefined {
  return cashPacks.find((pack) => pack.packageType === packageType);
}

export function isCashPackType(packageId: unknown): packageId is CashPackType {
  return cashPackTypes.some((type) => type === packageId);
}

export function findHeadshotCreditPackage(id: string): HeadshotCreditPackage | undefined {
  return headshotCreditPackages.find((pack) => pack.id === id);
}
