import { Undo2 } from "@/components/icons/undo-2";
import { useLocale, useTranslations } from "next-intl";
import { formatMoney } from "@/lib/billing/money";
import type { DeliveryRefund } from "@/lib/generation/delivery-refunds";
import { StatusNotice } from "./status-notice";

/**
 * What came back for images that were paid for and not delivered (decision 19), in the words
 * the results pages, loading pages, the gallery and activity share: credits to the balance, or
 * a cash pack's money to the payment method (being refunded, refunded, or left to support).
 * Plain rendering with no state, so server pages and client cards both use it.
 */

/** The sentence about a cash pack's money, or null for a refund in credits. */
export function useMoneyRefundText(refund: DeliveryRefund, wholeOrder: boolean): string | null {
  const t = useTranslations("orders.refund");
  const locale = useLocale();
  if (!refund.money) return null;
  const amount = formatMoney(refund.money.amountMinor, refund.money.currency === "eur" ? "eur" : "usd", locale);
  if (refund.money.status === "failed") return t("moneyNotSent", { amount });
  const done = refund.money.status === "refunded";
  if (wholeOrder) return done ? t("wholeRefunded", { amount }) : t("wholePending", { amount });
  return done ? t("partRefunded", { amount }) : t("partPending", { amount });
}

/** The banner of a completed generation that delivered fewer images than ordered. */
export function DeliveryRefundNotice({ refund, ordered }: { refund: DeliveryRefund; ordered: number }) {
  const t = useTranslations("orders.refund");
  const money = useMoneyRefundText(refund, false);
  const delivered = Math.max(0, ordered - refund.missingImages);
  return (
    <StatusNotice tone="amber" icon={Undo2} testId="delivery-refund">
      <p className="font-semibold">{t("partialTitle", { delivered, ordered })}</p>
      <p className="text-sm">{money ?? t("partCredits", { credits: refund.credits, missing: refund.missingImages })}</p>
    </StatusNotice>
  );
}
