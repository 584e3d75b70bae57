import "server-only";
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "@/db/client";
import type { NewGeneration } from "@/db/schema";
import { insertGeneration } from "@/db/queries/generations";
import { readAvailableCredits } from "@/db/queries/credits";
import { InsufficientCreditsError } from "@/lib/credits/errors";
import { causeKeys, spendCredits } from "@/lib/credits/ledger";

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
 * Writes the job row and takes its credits; call it inside the request's transaction. The id is
 * chosen here so that the row's insert and the spend's first statements (the profile's lock and
 * the lookup of an earlier spend) go to PostgreSQL together: one round trip less per job.
 * PostgreSQL runs a connection's statements in the order sent, so the spend's ledger row, sent
 * once the lock is held, finds the job row it links to.
 */
export async function insertPaidJob(tx: DbOrTx, values: NewGeneration & { creditsCost: number }) {
  const id = values.id ?? randomUUID();
  const [row] = await Promise.all([
    insertGeneration(tx, { ...values, id }),
    spendCredits(tx, {
      userId: values.userId,
      amount: values.creditsCost,
      causeKey: causeKeys.generationSpend(id),
      generationId: id,
    }),
  ]);
  return row;
}
