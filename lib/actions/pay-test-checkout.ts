"use server";

import { billingContext } from "@/lib/billing/context";
import { payTestCheckout } from "@/lib/billing/test-checkout";
import { testCheckoutInput } from "@/lib/validations/billing";
import { runBilling } from "./run-billing";
import { userAction } from "./safe-action";

/** "Pay (test mode)": fulfils the order through the webhook's code and says where to go next. */
export const payTestCheckoutAction = userAction(testCheckoutInput, async ({ purchaseId, returnTo }, user) => {
  const next = await runBilling(() => payTestCheckout(billingContext(), user.id, purchaseId, returnTo));
  return { next };
});
