import "server-only";
import type { BillingContext } from "@/lib/billing/context";
import { sendPendingOrderRefunds } from "./order-refunds";

/**
 * Sends owed refunds as soon as a job of this server ends, instead of at the next housekeeping
 * run: the buyer of a failed cash pack sees "refunded" within seconds. Runs are never
 * concurrent in one process; a job ending during a run asks for one more run after it.
 */
export function refundsAfterJobs(context: () => BillingContext): () => void {
  let running = false;
  let again = false;
  const run = async () => {
    running = true;
    try {
      do {
        again = false;
        await sendPendingOrderRefunds(context());
      } while (again);
    } catch (error) {
      console.error("[orders] sending refunds after a job failed", error);
    } finally {
      running = false;
    }
  };
  return () => {
    if (running) again = true;
    else void run();
  };
}
