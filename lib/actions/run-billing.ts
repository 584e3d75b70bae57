import "server-only";
import { BillingError } from "@/lib/billing/errors";
import { ActionError } from "./safe-action";

/** Runs billing code for an action, turning its expected refusals into translated action errors. */
export async function runBilling<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof BillingError) throw new ActionError(`errors.${error.code}`);
    throw error;
  }
}
