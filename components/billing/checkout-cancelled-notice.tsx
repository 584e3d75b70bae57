"use client";

import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { CircleX as XCircle } from "@/components/icons/circle-x";
import { closeCancelledCheckoutAction } from "@/lib/actions/close-cancelled-checkout";
import { cancelledCheckoutParam, cancelledOrderParam } from "@/lib/billing/return-path";

function removeCancelParamsFromAddress() {
  const url = new URL(window.location.href);
  url.searchParams.delete(cancelledCheckoutParam);
  url.searchParams.delete(cancelledOrderParam);
  // A null state lets Next.js adopt the new address as its own.
  window.history.replaceState(null, "", `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Where a checkout's Cancel lands (?checkout=cancelled&order=<purchaseId>, issue 15 story 7 and
 * issue 19): says the payment was cancelled and nothing was charged, and closes that order on
 * the server so the tab that waits for it says so too (Stripe's Cancel only navigates back).
 * The parameters leave the address, so a reload does not say it again.
 */
export function CheckoutCancelledNotice() {
  const t = useTranslations("orders.checkoutCancelled");
  const params = useSearchParams();
  // Remembered, so the notice stays once the parameters have left the address.
  const [returned, setReturned] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const closing = useRef(false);
  const cancelled = params.get(cancelledCheckoutParam) === "cancelled";
  const purchaseId = params.get(cancelledOrderParam);
  if (cancelled && !returned) setReturned(true);

  useEffect(() => {
    if (!cancelled || closing.current) return;
    closing.current = true;
    const close = purchaseId ? closeCancelledCheckoutAction({ purchaseId }).catch(() => undefined) : Promise.resolve();
    // Only after an await: the router writes its own history entry while the page hydrates.
    void close.then(removeCancelParamsFromAddress);
  }, [cancelled, purchaseId]);

  if (!returned || dismissed) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="checkout-cancelled"
      className="flex items-start gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4"
    >
      <XCircle className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden="true" />
      <div className="flex-1 space-y-0.5">
        <p className="font-semibold">{t("title")}</p>
        <p className="text-sm text-muted-foreground">{t("text")}</p>
      </div>
      <button type="button" onClick={() => setDismissed(true)} className="text-sm text-muted-foreground underline-offset-4 hover:underline">
        {t("dismiss")}
      </button>
    </div>
  );
}
