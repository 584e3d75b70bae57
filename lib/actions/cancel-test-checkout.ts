"use server";

import { billingContext } from "@/lib/billing/context";
import { checkoutReturnPath } from "@/lib/billing/return-path";
import { cancelTestCheckout } from "@/lib/billing/test-checkout";
import { testCheckoutInput } from "@/lib/validations/billing";
import { runBilling } from "./run-billing";
import { userAction } from "./safe-action";

/** "Cancel" on the test checkout: the order is closed unpaid. */
export const cancelTestCheckoutAction = userAction(testCheckoutInput, async ({ purchaseId }, user) => {
  await runBilling(() => cancelTestCheckout(billingContext(), user.id, purchaseId));
  return { next: checkoutReturnPath };
});
