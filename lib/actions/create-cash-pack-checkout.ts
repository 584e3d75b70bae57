"use server";

import { getDb } from "@/db";
import { startCheckout } from "@/lib/billing/checkout";
import { billingContext } from "@/lib/billing/context";
import { createHeadshotAwaitingPayment } from "@/lib/generation/create-generation";
import { resolveLocale } from "@/lib/i18n/request";
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
  const order = await runGenerationRequest(() =>
    createHeadshotAwaitingPayment(getDb(), { userId: user.id, input: { ...options, packageId: packageType }, originalImage: photo }),
  );
  const { url } = await runBilling(() =>
    startCheckout(billingContext(), user, { kind: "cash_pack", packageType }, { locale, generationId: order.id }),
  );
  return { url, generationId: order.id };
});
