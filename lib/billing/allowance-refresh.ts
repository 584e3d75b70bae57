import type { DbOrTx } from "@/db/client";
import { listProfilesDueForAllowanceRefresh } from "@/db/queries/billing";
import { refreshMonthlyAllowance } from "@/lib/credits/subscription-allowance";
import { endDueTestPlans } from "./test-plans";

/**
 * The scheduled task of decision 6: yearly plans (and test-checkout plans) get their monthly
 * allowance back at the start of every month of the plan; Stripe's renewal covers the month
 * that opens a new billing period. Test-checkout plans set to end are ended when their term is
 * over. Every server may run it at the same time: each user is
 * refreshed in a locked transaction under the month's cause key, so a month is applied once.
 * No "server-only" here: `npm run billing:refresh` runs it from plain Node.
 */
const batchSize = 200;

export async function refreshDueAllowances(db: DbOrTx, now: Date = new Date()): Promise<{ refreshed: number }> {
  // Test-checkout plans cancelled at the end of their term end first, as Stripe would end them.
  await endDueTestPlans(db, now);
  let refreshed = 0;
  const seen = new Set<string>();
  for (;;) {
    const due = (await listProfilesDueForAllowanceRefresh(db, now, batchSize + seen.size)).filter((id) => !seen.has(id));
    if (due.length === 0) return { refreshed };
    for (const userId of due) {
      seen.add(userId);
      if ((await refreshMonthlyAllowance(db, userId, now)).applied) refreshed += 1;
    }
  }
}
