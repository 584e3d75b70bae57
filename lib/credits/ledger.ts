import type { DbOrTx } from "@/db/client";
import type { CreditLedgerEntry, CreditLedgerKind, Profile } from "@/db/schema";
import {
  findLedgerEntryByCause,
  insertLedgerEntry,
  insertProfileIfMissing,
  lockProfile,
  updateProfileCredits,
} from "@/db/queries/credits";
import { availableCredits, splitSpend } from "./balance";
import { InsufficientCreditsError, MissingProfileError } from "./errors";

/**
 * The only writer of credit balances (decisions 1-3). Each change runs in one transaction that
 * locks the profile row, writes the balance and a ledger row keyed by its cause, so a repeated
 * cause (a replayed webhook, a retried job) changes nothing and returns the first entry.
 */

export const welcomeCredits = 5;

export const causeKeys = {
  signup: (userId: string) => `signup:${userId}`,
  generationSpend: (generationId: string) => `generation:${generationId}:spend`,
  generationRefund: (generationId: string) => `generation:${generationId}:refund`,
  purchase: (purchaseId: string) => `purchase:${purchaseId}`,
  /** The reset of a plan's allowance at the start of one month of the plan (decision 6). */
  subscriptionMonth: (userId: string, monthStart: Date) => `allowance:${userId}:${Math.floor(monthStart.getTime() / 1000)}`,
  stripeEvent: (eventId: string) => `stripe:${eventId}`,
} as const;

export interface LedgerChange {
  entry: CreditLedgerEntry;
  /** False when the cause had already been applied and nothing changed now. */
  applied: boolean;
}

interface Links {
  generationId?: string;
  purchaseId?: string;
}

async function withLockedProfile(
  db: DbOrTx,
  userId: string,
  causeKey: string,
  change: (tx: DbOrTx, profile: Profile) => Promise<CreditLedgerEntry>,
): Promise<LedgerChange> {
  return db.transaction(async (tx) => {
    const profile = await lockProfile(tx, userId);
    if (!profile) throw new MissingProfileError(userId);
    const earlier = await findLedgerEntryByCause(tx, userId, causeKey);
    if (earlier) return { entry: earlier, applied: false };
    return { entry: await change(tx, profile), applied: true };
  });
}

/** Creates the profile of a new user with the welcome credits, exactly once however often it runs. */
export async function ensureProfile(db: DbOrTx, userId: string): Promise<{ created: boolean }> {
  return db.transaction(async (tx) => {
    const created = await insertProfileIfMissing(tx, userId, welcomeCredits);
    if (created) {
      await insertLedgerEntry(tx, {
        userId,
        kind: "grant",
        delta: welcomeCredits,
        bonusDelta: welcomeCredits,
        balanceAfter: welcomeCredits,
        causeKey: causeKeys.signup(userId),
      });
    }
    return { created };
  });
}

/** Takes `amount` credits, bonus first; fails with InsufficientCreditsError and changes nothing. */
export async function spendCredits(
  db: DbOrTx,
  params: { userId: string; amount: number; causeKey: string } & Links,
): Promise<LedgerChange> {
  const { userId, amount, causeKey, ...links } = params;
  if (!Number.isInteger(amount) || amount <= 0) throw new RangeError("A spend must be a positive whole number");
  return withLockedProfile(db, userId, causeKey, async (tx, profile) => {
    const available = availableCredits(profile);
    if (available < amount) throw new InsufficientCreditsError(amount, available);
    const { fromBonus, fromMonthly } = splitSpend(profile, amount);
    await updateProfileCredits(tx, userId, {
      bonusCredits: profile.bonusCredits - fromBonus,
      creditsUsed: profile.creditsUsed + fromMonthly,
    });
    return insertLedgerEntry(tx, {
      userId,
      kind: "spend",
      delta: -amount,
      bonusDelta: -fromBonus,
      monthlyDelta: -fromMonthly,
      balanceAfter: available - amount,
      causeKey,
      ...links,
    });
  });
}

/** Adds bonus credits (welcome gifts, top-ups); bonus credits never expire (decision 6). */
export async function grantCredits(
  db: DbOrTx,
  params: { userId: string; amount: number; causeKey: string; kind: Extract<CreditLedgerKind, "grant" | "purchase"> } & Links,
): Promise<LedgerChange> {
  const { userId, amount, causeKey, kind, ...links } = params;
  if (!Number.isInteger(amount) || amount <= 0) throw new RangeError("A grant must be a positive whole number");
  return withLockedProfile(db, userId, causeKey, async (tx, profile) => {
    await updateProfileCredits(tx, userId, { bonusCredits: profile.bonusCredits + amount });
    return insertLedgerEntry(tx, {
      userId,
      kind,
      delta: amount,
      bonusDelta: amount,
      balanceAfter: availableCredits(profile) + amount,
      causeKey,
      ...links,
    });
  });
}

/**
 * Gives back what the spend with `spendCauseKey` took, once. Monthly credits go back to the
 * allowance; if the month has reset since (credits_used is lower), the rest returns as bonus
 * credits so a failed job never costs the user anything.
 */
export async function refundSpend(
  db: DbOrTx,
  params: { userId: string; spendCauseKey: string; causeKey: string } & Links,
): Promise<LedgerChange | undefined> {
  const { userId, spendCauseKey, causeKey, ...links } = params;
  const spend = await findLedgerEntryByCause(db, userId, spendCauseKey);
  if (!spend || spend.kind !== "spend") return undefined;
  return withLockedProfile(db, userId, causeKey, async (tx, profile) => {
    const monthlyTaken = -spend.monthlyDelta;
    const toAllowance = Math.min(monthlyTaken, profile.creditsUsed);
    const toBonus = -spend.bonusDelta + (monthlyTaken - toAllowance);
    await updateProfileCredits(tx, userId, {
      bonusCredits: profile.bonusCredits + toBonus,
      creditsUsed: profile.creditsUsed - toAllowance,
    });
    return insertLedgerEntry(tx, {
      userId,
      kind: "refund",
      delta: toBonus + toAllowance,
      bonusDelta: toBonus,
      monthlyDelta: toAllowance,
      balanceAfter: availableCredits(profile) + toBonus + toAllowance,
      causeKey,
      ...links,
    });
  });
}

/**
 * Gives back `amount` of what the spend with `spendCauseKey` took, once: a job that delivered
 * fewer images than it was paid for (decision 19). The allowance part goes back first, as far
 * as this month's usage reaches; the rest returns as bonus credits.
 */
export async function refundPartOfSpend(
  db: DbOrTx,
  params: { userId: string; spendCauseKey: string; causeKey: string; amount: number } & Links,
): Promise<LedgerChange | undefined> {
  const { userId, spendCauseKey, causeKey, amount, ...links } = params;
  if (!Number.isInteger(amount) || amount <= 0) throw new RangeError("A refund must be a positive whole number");
  const spend = await findLedgerEntryByCause(db, userId, spendCauseKey);
  if (!spend || spend.kind !== "spend") return undefined;
  const refunded = Math.min(amount, -spend.delta);
  return withLockedProfile(db, userId, causeKey, async (tx, profile) => {
    const toAllowance = Math.min(refunded, -spend.monthlyDelta, profile.creditsUsed);
    const toBonus = refunded - toAllowance;
    const after = { ...profile, bonusCredits: profile.bonusCredits + toBonus, creditsUsed: profile.creditsUsed - toAllowance };
    await updateProfileCredits(tx, userId, { bonusCredits: after.bonusCredits, creditsUsed: after.creditsUsed });
    const delta = availableCredits(after) - availableCredits(profile);
    return insertLedgerEntry(tx, {
      userId,
      kind: "refund",
      delta,
      bonusDelta: toBonus,
      monthlyDelta: delta - toBonus,
      balanceAfter: availableCredits(after),
      causeKey,
      ...links,
    });
  });
}
