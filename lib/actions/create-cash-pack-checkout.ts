"use server";

import { billingContext } from "@/lib/billing/context";
import { resolveLocale } from "@/lib/i18n/request";
import { startCashPackOrder } from "@/lib/orders/cash-pack-order";
import { cashPackCheckoutInput } from "@/lib/validations/billing";
import { runGenerationRequest } from "./generation-action-errors";
import { runBilling } from "./run-billing";
import { userAction } from "./safe-action";
import { decodeUploadedImage } from "./uploaded-image";

/**
 * Spec §7 create-payment for a headshot cash pack (decision 7): the headshot order is checked
 * and stored as a generation waiting for its payment, then the pack's checkout opens. The
 * spec's amount and currency are not read: the price comes from the catalogue and the currency
 * from the language. The verified payment starts the generation (lib/billing/cash-pack.ts).
 */
export const createCashPackCheckoutAction = userAction(cashPackCheckoutInput, async ({ packageType, options, image }, user) => {
  const photo = await decodeUploadedImage(image);
  const locale = await resolveLocale();
  return runGenerationRequest(() =>
    runBilling(() => startCashPackOrder(billingContext(), user, { packageType, options, photo, locale })),
  );
});
