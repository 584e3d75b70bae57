import type { DbOrTx } from "@/db/client";
import { findPaidOrderOfGeneration, insertOrderRefund } from "@/db/queries/orders";
import { creditsOwedForMissing, moneyOwedForMissing } from "@/lib/catalog/delivery-refunds";
import { causeKeys, refundSpend } from "@/lib/credits/ledger";

/**
 * A job's money follows its outcome (DESIGN rule 13, decisions 3 and 19): run inside the
 * transaction that completes or fails the job, it keeps the charge for the images delivered
 * and gives back the rest: 2 credits per missing image of a job paid with credits (all of them
 * when it failed), or the missing share of a cash pack's price, recorded as a refund owed to
 * the buyer and sent to the payment provider afterwards (lib/orders/order-refunds.ts). Both
 * are keyed by the job (the ledger's refund cause, one refund row per purchase), so a job
 * settled twice by racing workers still pays back once.
 */

export interface SettledJob {
  id: string;
  userId: string;
  creditsCost: number;
  numberShots: number;
}

export interface JobMoneyOutcome {
  creditsRefunded: number;
  moneyRefundMinor: number;
}

export async function settleJobMoney(tx: DbOrTx, job: SettledJob, delivered: number): Promise<JobMoneyOutcome> {
  const outcome: JobMoneyOutcome = { creditsRefunded: 0, moneyRefundMinor: 0 };
  const ordered = job.numberShots;
  const credits = creditsOwedForMissing({ creditsCost: job.creditsCost, ordered, delivered });
  if (credits > 0) {
    const spend = { userId: job.userId, spendCauseKey: causeKeys.generationSpend(job.id), causeKey: causeKeys.generationRefund(job.id), generationId: job.id };
    // Nothing delivered gives back the spend exactly as it was taken; a short delivery a share of it.
    const change = await refundSpend(tx, delivered === 0 ? spend : { ...spend, amount: credits });
    if (change?.applied) outcome.creditsRefunded = change.entry.delta;
  }

  const order = await findPaidOrderOfGeneration(tx, job.id);
  const amountMinor = order ? moneyOwedForMissing({ amountMinor: order.amountMinor, ordered, delivered }) : 0;
  if (order && amountMinor > 0) {
    const refund = await insertOrderRefund(tx, {
      purchaseId: order.id,
      userId: order.userId,
      generationId: job.id,
      reason: delivered === 0 ? "generation_failed" : "partial_delivery",
      missingImages: ordered - Math.max(0, delivered),
      amountMinor,
      currency: order.currency,
    });
    if (refund) outcome.moneyRefundMinor = amountMinor;
  }
  return outcome;
}
