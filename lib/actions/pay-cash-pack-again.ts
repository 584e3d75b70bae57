"use server";

import { billingContext } from "@/lib/billing/context";
import { resolveLocale } from "@/lib/i18n/request";
import { payCashPackOrderAgain } from "@/lib/orders/cash-pack-order";
import { payOrderAgainInput } from "@/lib/validations/orders";
import { runBilling } from "./run-billing";
import { userAction } from "./safe-action";

/** 'Pay again' on the waiting page: a new checkout for the same headshot order. */
export const payCashPackAgainAction = userAction(payOrderAgainInput, async ({ generationId }, user) => {
  const locale = await resolveLocale();
  return runBilling(() => payCashPackOrderAgain(billingContext(), user, generationId, locale));
});
