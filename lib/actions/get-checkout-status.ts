"use server";

import { getDb } from "@/db";
import { getCheckoutStatus } from "@/lib/billing/checkout-status";
import { checkoutStatusInput } from "@/lib/validations/billing";
import { ActionError, userAction } from "./safe-action";

/** The state of the buyer's own checkout, polled by the payment-return banner. */
export const getCheckoutStatusAction = userAction(checkoutStatusInput, async ({ sessionId }, user) => {
  const status = await getCheckoutStatus(getDb(), user.id, sessionId);
  if (!status) throw new ActionError("errors.purchaseNotFound");
  return status;
});
