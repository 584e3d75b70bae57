/**
 * Expected refusals of billing operations. Each code is also a message key under `errors` in
 * messages/*.json, which the server actions hand to the UI.
 */
export const billingErrorCodes = [
  "paymentsNotConfigured",
  "unknownItem",
  "subscriptionRequired",
  "alreadyOnPlan",
  "checkoutFailed",
  "portalUnavailable",
  "portalFailed",
  "purchaseNotFound",
  "subscriptionCheckoutPending",
] as const;
export type BillingErrorCode = (typeof billingErrorCodes)[number];

export class BillingError extends Error {
  constructor(readonly code: BillingErrorCode) {
    super(code);
    this.name = "BillingError";
  }
}
