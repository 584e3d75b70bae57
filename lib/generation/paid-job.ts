import "server-only";
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "@/db/client";
import type { NewGeneration } from "@/db/schema";
import { insertGeneration } from "@/db/queries/generations";
import { readAvailableCredits } from "@/db/queries/credits";
import { InsufficientCreditsError } from "@/lib/credits/errors";
import { spendCreditsOfNewJob } from "@/lib/credits/ledger";

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

/** Writes the job row and takes its credits; call it inside the request's transaction. */
export async function insertPaidJob(tx: DbOrTx, values: NewGeneration & { creditsCost: number }) {
  // The id is made here so that the row and its spend go to the database together, in one round
  // trip: PostgreSQL runs them in order, so the spend's ledger row can name the job.
  const id = randomUUID();
  const [row] = await Promise.all([
    insertGeneration(tx, { ...values, id }),
    spendCreditsOfNewJob(tx, { userId: values.userId, amount: values.creditsCost, generationId: id }),
  ]);
  return row;
}
