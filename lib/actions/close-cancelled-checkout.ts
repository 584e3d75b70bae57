"use server";

import { billingContext } from "@/lib/billing/context";
import { closeCancelledCheckout } from "@/lib/orders/close-order";
import { cancelledCheckoutInput } from "@/lib/validations/orders";
import { runBilling } from "./run-billing";
import { userAction } from "./safe-action";

/** Called by the page a checkout's Cancel returned to: closes that order of the buyer's. */
export const closeCancelledCheckoutAction = userAction(cancelledCheckoutInput, async ({ purchaseId }, user) =>
  runBilling(() => closeCancelledCheckout(billingContext(), user.id, purchaseId)),
);
