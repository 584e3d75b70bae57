"use server";

import { z } from "zod";
import { billingContext } from "@/lib/billing/context";
import { openCustomerPortal } from "@/lib/billing/portal";
import { runBilling } from "./run-billing";
import { userAction } from "./safe-action";

/** Spec §7 customer-portal: the Stripe Customer Portal for the user's own subscription. */
export const openCustomerPortalAction = userAction(z.object({}), async (_input, user) => {
  const url = await runBilling(() => openCustomerPortal(billingContext(), user.id));
  return { url };
});
