"use server";

import { billingContext } from "@/lib/billing/context";
import { cancelTestCheckout } from "@/lib/billing/test-checkout";
import { testCheckoutInput } from "@/lib/validations/billing";
import { runBilling } from "./run-billing";
import { userAction } from "./safe-action";

/** "Cancel" on the test checkout: the order is closed unpaid and the buyer goes back. */
export const cancelTestCheckoutAction = userAction(testCheckoutInput, async ({ purchaseId, returnTo }, user) => {
  const next = await runBilling(() => cancelTestCheckout(billingContext(), user.id, purchaseId, returnTo));
  return { next };
});
