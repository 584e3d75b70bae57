/**
 * Where a buyer lands after Stripe Checkout, the test checkout or the Customer Portal. The page
 * shows the payment's state from the server's record of the session (decision 5).
 * Cash packs will return to /activity once the headshot flow exists; until then they come here too.
 */
export const checkoutReturnPath = "/subscription";

export function checkoutReturnUrl(appUrl: string): string {
  return new URL(checkoutReturnPath, appUrl).toString();
}

/** The return page for one checkout, as a path inside the app (the test checkout's redirect). */
export function checkoutSuccessPath(sessionId: string): string {
  return `${checkoutReturnPath}?session_id=${encodeURIComponent(sessionId)}`;
}

/** `sessionId` may be Stripe's literal {CHECKOUT_SESSION_ID} placeholder, so it is not encoded. */
export function checkoutSuccessUrl(appUrl: string, sessionId: string): string {
  return `${checkoutReturnUrl(appUrl)}?session_id=${sessionId}`;
}
