import "server-only";
import type { DbOrTx } from "@/db/client";
import { readAvailableCredits, type PaidJobValues } from "@/db/queries/credits";
import { InsufficientCreditsError } from "@/lib/credits/errors";
import { insertJobWithItsSpend } from "@/lib/credits/ledger";

/**
 * A job paid with credits when the server accepts it (decision 3), shared by generations and
 * edits: the early balance check and the job row written together with its spend.
 */

/**
 * Refuses a request the balance cannot cover before anything is stored. Only a shortcut: the
 * spend checks again under the profile's row lock.
 */
export async function assertCanAfford(db: DbOrTx, userId: string, cost: number): Promise<void> {
  const available = await readAvailableCredits(db, userId);
  if (available < cost) throw new InsufficientCreditsError(cost, available);
}

/**
 * Writes the job row and takes its credits, in one statement (insertJobWithItsSpend); inside a
 * caller's transaction (a free trial's claim) both wait for its commit. Returns the job's id.
 */
export function insertPaidJob(db: DbOrTx, values: PaidJobValues): Promise<{ id: string }> {
  return insertJobWithItsSpend(db, values);
}
