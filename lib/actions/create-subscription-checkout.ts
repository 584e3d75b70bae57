"use server";

import { startCheckout } from "@/lib/billing/checkout";
import { billingContext } from "@/lib/billing/context";
import { resolveLocale } from "@/lib/i18n/request";
import { subscriptionCheckoutInput } from "@/lib/validations/billing";
import { runBilling } from "./run-billing";
import { userAction } from "./safe-action";

/** Spec §7 create-subscription-checkout: a plan and a billing cycle; answers the URL to open. */
export const createSubscriptionCheckoutAction = userAction(subscriptionCheckoutInput, async (input, user) => {
  const locale = await resolveLocale();
  const { url } = await runBilling(() =>
    startCheckout(billingContext(), user, { kind: "subscription", ...input }, { locale }),
  );
  return { url };
});
