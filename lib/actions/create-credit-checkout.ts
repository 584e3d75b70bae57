"use server";

import { startCheckout } from "@/lib/billing/checkout";
import { billingContext } from "@/lib/billing/context";
import { resolveLocale } from "@/lib/i18n/request";
import { creditCheckoutInput } from "@/lib/validations/billing";
import { runBilling } from "./run-billing";
import { userAction } from "./safe-action";

/** Spec §7 create-credit-checkout: a top-up pack, for active subscribers (checked on the server). */
export const createCreditCheckoutAction = userAction(creditCheckoutInput, async ({ credits, returnTo }, user) => {
  const locale = await resolveLocale();
  const { url } = await runBilling(() => startCheckout(billingContext(), user, { kind: "top_up", credits }, { locale, returnTo }));
  return { url };
});
