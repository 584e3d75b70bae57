import { randomUUID } from "node:crypto";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/db/client";
import type { CreditLedgerEntry, CreditLedgerKind, NewCreditLedgerEntry, Profile } from "@/db/schema";
import {
  findLedgerEntryByCause,
  insertJobWithSpend,
  insertLedgerEntry,
  insertProfileIfMissing,
  lockProfile,
  updateProfileCredits,
  type PaidJobValues,
} from "@/db/queries/credits";
import { causeKeys } from "@/db/queries/ledger-keys";
import { availableCredits, splitSpend } from "./balance";
import { InsufficientCreditsError, MissingProfileError } from "./errors";

/**
 * The only writer of credit balances (decisions 1-3). Each change runs in one transaction (the
 * caller's, when given one) that locks the profile row, writes the balance and a ledger row
 * keyed by its cause, so a repeated cause (a replayed webhook, a retried job) changes nothing
 * and returns the first entry.
 * Every row's delta is the change of availableCredits it made, so the ledger sums to the balance.
 */

export { causeKeys };

export const welcomeCredits = 5;

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
  const applyLocked = async (tx: DbOrTx): Promise<LedgerChange> => {
    // Sent together, so waiting for the lock and the lookup cost one round trip: PostgreSQL
    // runs them in order, and the lookup sees every change committed before the lock was ours.
    const [profile, earlier] = await Promise.all([lockProfile(tx, userId), findLedgerEntryByCause(tx, userId, causeKey)]);
    if (!profile) throw new MissingProfileError(userId);
    if (earlier) return { entry: earlier, applied: false };
    return { entry: await change(tx, profile), applied: true };
  };
  // Inside a caller's transaction no savepoint of its own: the lock lasts until that commits
  // anyway, and releasing a savepoint would be one more round trip under it.
  return db instanceof PgTransaction ? applyLocked(db) : db.transaction(applyLocked);
}

/**
 * Writes the new balance and its ledger row in one round trip: the profile stays locked until
 * the transaction ends, so every statement less after the lock lets the next change in sooner.
 */
async function writeChange(
  tx: DbOrTx,
  userId: string,
  credits: Parameters<typeof updateProfileCredits>[2],
  entry: NewCreditLedgerEntry,
): Promise<CreditLedgerEntry> {
  const [, inserted] = await Promise.all([updateProfileCredits(tx, userId, credits), insertLedgerEntry(tx, entry)]);
  return inserted;
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

/** Takes `amount` from the balance, bonus first (decision 2): the profile's new credits and the split. */
function takeFromBalance(profile: Profile, amount: number) {
  const { fromBonus, fromMonthly } = splitSpend(profile, amount);
  return {
    credits: { bonusCredits: profile.bonusCredits - fromBonus, creditsUsed: profile.creditsUsed + fromMonthly },
    split: { bonusDelta: -fromBonus, monthlyDelta: -fromMonthly, balanceAfter: availableCredits(profile) - amount },
  };
}

function assertSpendAmount(amount: number) {
  if (!Number.isInteger(amount) || amount <= 0) throw new RangeError("A spend must be a positive whole number");
}

/** Takes `amount` credits, bonus first; fails with InsufficientCreditsError and changes nothing. */
export async function spendCredits(
  db: DbOrTx,
  params: { userId: string; amount: number; causeKey: string } & Links,
): Promise<LedgerChange> {
  const { userId, amount, causeKey, ...links } = params;
  assertSpendAmount(amount);
  return withLockedProfile(db, userId, causeKey, async (tx, profile) => {
    const available = availableCredits(profile);
    if (available < amount) throw new InsufficientCreditsError(amount, available);
    const { credits, split } = takeFromBalance(profile, amount);
    return writeChange(tx, userId, credits, { userId, kind: "spend", delta: -amount, ...split, causeKey, ...links });
  });
}

/**
 * Writes a new job with its spend, as spendCredits would take it (cause generationSpend), in one
 * statement (insertJobWithSpend), so the profile's row lock, which every concurrent start of one
 * user waits for, is held for no round trip to the app. A new job's cause cannot have been
 * applied before. Fails with InsufficientCreditsError and writes nothing. Returns the job's id.
 */
export async function insertJobWithItsSpend(db: DbOrTx, job: PaidJobValues): Promise<{ id: string }> {
  assertSpendAmount(job.creditsCost);
  const id = randomUUID();
  const result = await insertJobWithSpend(db, { ...job, id }, causeKeys.generationSpend(id));
  if (!result) throw new MissingProfileError(job.userId);
  if (!result.jobId) throw new InsufficientCreditsError(job.creditsCost, result.available);
  return { id: result.jobId };
}

/**
 * Takes back up to `amount` credits that a payment bought, because it was refunded or disputed
 * (decision 20). A payment bought bonus credits, so they come back from bonus credits, as far
 * as any are left: the monthly allowance, paid for by the plan, is never touched, and the
 * outcome does not depend on the plan the user happens to be on. What was already spent
 * cannot be taken and is recorded on the row as `unrecovered`.
 */
export async function takeBackCredits(
  db: DbOrTx,
  params: { userId: string; amount: number; causeKey: string; kind: Extract<CreditLedgerKind, "reversal" | "dispute_hold"> } & Links,
): Promise<LedgerChange> {
  const { userId, amount, causeKey, kind, ...links } = params;
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError("A take-back must be a whole number of credits");
  return withLockedProfile(db, userId, causeKey, async (tx, profile) => {
    const taken = Math.min(amount, profile.bonusCredits);
    const { credits, split } = takeFromBalance(profile, taken);
    return writeChange(tx, userId, credits, { userId, kind, delta: -taken, ...split, unrecovered: amount - taken, causeKey, ...links });
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
    return writeChange(tx, userId, { bonusCredits: profile.bonusCredits + amount }, {
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
 * Gives back what the row `takenCauseKey` took (or `amount` of it), once. Monthly credits go back to this month's
 * usage as far as it reaches; what was taken in an earlier month returns as bonus credits, so
 * a failed job never costs the user anything. If a downgrade has since left this month's usage
 * above the allowance, lowering it adds nothing: the row then shows the real change, which is
 * exactly what the balance would be had the spend never happened.
 */
async function restoreTaken(
  db: DbOrTx,
  params: { userId: string; takenCauseKey: string; takenKind: CreditLedgerKind; causeKey: string; kind: CreditLedgerKind; amount?: number } & Links,
): Promise<LedgerChange | undefined> {
  const { userId, takenCauseKey, takenKind, causeKey, kind, amount, ...links } = params;
  if (amount !== undefined && (!Number.isInteger(amount) || amount <= 0)) throw new RangeError("A refund must be a positive whole number");
  const taken = await findLedgerEntryByCause(db, userId, takenCauseKey);
  if (!taken || taken.kind !== takenKind) return undefined;
  return withLockedProfile(db, userId, causeKey, async (tx, profile) => {
    const restored = Math.min(amount ?? Number.POSITIVE_INFINITY, -taken.bonusDelta - taken.monthlyDelta);
    const toAllowance = Math.min(restored, -taken.monthlyDelta, profile.creditsUsed);
    const toBonus = restored - toAllowance;
    const after = { ...profile, bonusCredits: profile.bonusCredits + toBonus, creditsUsed: profile.creditsUsed - toAllowance };
    const delta = availableCredits(after) - availableCredits(profile);
    return writeChange(tx, userId, { bonusCredits: after.bonusCredits, creditsUsed: after.creditsUsed }, {
      userId,
      kind,
      delta,
      bonusDelta: toBonus,
      monthlyDelta: delta - toBonus,
      balanceAfter: availableCredits(after),
      causeKey,
      ...links,
    });
  });
}

/**
 * Gives back what the spend with `spendCauseKey` took, once: all of it for a failed job, or
 * `amount` of it for a job that delivered fewer images than it was paid for (decision 19).
 */
export async function refundSpend(
  db: DbOrTx,
  params: { userId: string; spendCauseKey: string; causeKey: string; amount?: number } & Links,
): Promise<LedgerChange | undefined> {
  const { spendCauseKey, ...rest } = params;
  return restoreTaken(db, { ...rest, takenCauseKey: spendCauseKey, takenKind: "spend", kind: "refund" });
}

/** Unfreezes what the hold `holdCauseKey` took, once (a dispute won). */
export async function releaseHold(
  db: DbOrTx,
  params: { userId: string; holdCauseKey: string; causeKey: string } & Links,
): Promise<LedgerChange | undefined> {
  const { holdCauseKey, ...rest } = params;
  return restoreTaken(db, { ...rest, takenCauseKey: holdCauseKey, takenKind: "dispute_hold", kind: "dispute_release" });
}
