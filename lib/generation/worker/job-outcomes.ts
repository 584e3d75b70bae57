import type { DbOrTx } from "@/db/client";
import { lockExpiredLeases, lockJobsPastDeadline, markJobFailed, requeueJob } from "@/db/queries/generation-jobs";
import { captureServerEvent } from "@/lib/analytics/server-events";
import { insertLikenessChecks } from "@/db/queries/likeness-checks";
import { settleJobMoney } from "./job-money";
import { likenessCheckRows, type LikenessCheckRecord } from "./likeness-guard";

/**
 * How a job ends when it ends badly: failed with a reason and what it cost given back, once:
 * its credits, or a paid cash pack's price (job-money.ts). The failure and the refund are one
 * transaction, and the conditional UPDATE in markJobFailed lets only one caller fail a job, so
 * a job failed by its worker and by the recovery at the same moment is still refunded exactly
 * once (the ledger's unique cause key and the one refund per purchase back this up).
 */

export async function failJobAndRefund(
  db: DbOrTx,
  params: {
    id: string;
    errorKey: string;
    errorMessage: string;
    errorDetail?: string | null;
    claimToken?: string;
    /** The likeness guard's checks of a job none of whose images could be delivered. */
    likenessChecks?: readonly LikenessCheckRecord[];
  },
): Promise<boolean> {
  const failed = await db.transaction(async (tx) => {
    const failed = await markJobFailed(tx, params);
    if (!failed) return null;
    await insertLikenessChecks(tx, likenessCheckRows(params.id, params.likenessChecks ?? [], []));
    await settleJobMoney(tx, failed, 0);
    return failed;
  });
  if (!failed) return false;
  // After the commit, so only a failure that happened is reported.
  captureServerEvent("generation_failed", failed.userId, { generation_id: failed.id, tool: failed.tool, error_key: params.errorKey });
  return true;
}

export interface RecoveryResult {
  requeued: number;
  failed: number;
}

/**
 * Looks after jobs nobody is looking after (run by every worker now and then): a job past its
 * time limit fails and refunds; a job whose worker stopped renewing its lease goes back to the
 * queue, or fails and refunds once it has been started `maxAttempts` times.
 */
export async function recoverAbandonedJobs(db: DbOrTx, params: { maxAttempts: number; batch?: number }) {
  const batch = params.batch ?? 20;
  const result: RecoveryResult = { requeued: 0, failed: 0 };
  await db.transaction(async (tx) => {
    for (const job of await lockJobsPastDeadline(tx, batch)) {
      const failed = await failJobAndRefund(tx, {
        id: job.id,
        errorKey: "generation.errors.timedOut",
        errorMessage: "The job passed its time limit",
      });
      if (failed) result.failed += 1;
    }
    for (const job of await lockExpiredLeases(tx, batch)) {
      if (job.attempts >= params.maxAttempts) {
        const failed = await failJobAndRefund(tx, {
          id: job.id,
          errorKey: "generation.errors.interrupted",
          errorMessage: `Lease expired after ${job.attempts} attempt(s); last worker ${job.lockedBy ?? "unknown"}`,
        });
        if (failed) result.failed += 1;
      } else if (await requeueJob(tx, { id: job.id, lockedBy: job.lockedBy })) {
        result.requeued += 1;
      }
    }
  });
  return result;
}
