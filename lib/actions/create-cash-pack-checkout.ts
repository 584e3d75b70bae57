"use server";

import { startCheckout } from "@/lib/billing/checkout";
import { billingContext } from "@/lib/billing/context";
import { resolveLocale } from "@/lib/i18n/request";
import { cashPackCheckoutInput } from "@/lib/validations/billing";
import { runBilling } from "./run-billing";
import { userAction } from "./safe-action";

/**
 * Spec §7 create-payment: a headshot cash pack by package type. The spec's amount and currency
 * are not read: the price comes from the catalogue and the currency from the language.
 */
export const createCashPackCheckoutAction = userAction(cashPackCheckoutInput, async ({ packageType, generationId }, user) => {
  const locale = await resolveLocale();
  const { url } = await runBilling(() =>
    startCheckout(billingContext(), user, { kind: "cash_pack", packageType }, { locale, generationId }),
  );
  return { url };
});
