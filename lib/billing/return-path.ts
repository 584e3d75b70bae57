import type { PurchaseKind } from "@/db/schema";

/**
 * Where a buyer lands after Stripe Checkout, the test checkout or the Customer Portal. The page
 * shows the payment's state from the server's record of the session (decision 5): a headshot
 * cash pack on /activity with its generation highlighted; credits and plans on /subscription,
 * or back on step 4 of the headshot wizard when they were bought from it.
 */

export const checkoutReturnTargets = ["plans", "headshot"] as const;
export type CheckoutReturnTarget = (typeof checkoutReturnTargets)[number];

export const plansPath = "/subscription";
/** The built-in portal where a plan bought in the test checkout is changed or cancelled (test mode only). */
export const testPortalPath = "/subscription/manage";

/** Where Cancel leads: back to the page the purchase started from. */
export function checkoutCancelPath(kind: PurchaseKind, returnTo: CheckoutReturnTarget = "plans"): string {
  if (kind === "cash_pack") return "/headshot-pro/packs";
  return returnTo === "headshot" ? "/headshot-pro/payment" : plansPath;
}

/** The query a cancelled checkout comes back with: the page says so and closes the order (lib/orders). */
export const cancelledCheckoutParam = "checkout";
export const cancelledOrderParam = "order";

/** Where the checkout's Cancel (Stripe's back link, the test checkout's button) leads: the start page, told why. */
export function checkoutCancelledPath(kind: PurchaseKind, purchaseId: string, returnTo?: CheckoutReturnTarget): string {
  const query = new URLSearchParams({ [cancelledCheckoutParam]: "cancelled", [cancelledOrderParam]: purchaseId });
  return `${checkoutCancelPath(kind, returnTo)}?${query.toString()}`;
}

/** `sessionId` may be Stripe's literal {CHECKOUT_SESSION_ID} placeholder, so it is not encoded. */
export function checkoutSuccessPath(kind: PurchaseKind, sessionId: string, returnTo: CheckoutReturnTarget = "plans"): string {
  if (kind === "cash_pack") return `/activity?session_id=${sessionId}&focus=latest`;
  return `${returnTo === "headshot" ? "/headshot-pro/step4" : plansPath}?session_id=${sessionId}`;
}

export function absoluteUrl(appUrl: string, path: string): string {
  return new URL(path, appUrl).toString();
}
