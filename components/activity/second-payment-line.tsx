import { useLocale, useTranslations } from "next-intl";
import type { Money } from "@/lib/activity/load-activity";
import { formatMoney } from "@/lib/billing/money";
import { cn } from "@/lib/utils";

/** An order paid twice (two checkouts both paid): the second payment went back in full. */
export function SecondPaymentLine({ refunded, className }: { refunded: Money | null; className?: string }) {
  const t = useTranslations("orders.refund");
  const locale = useLocale();
  if (!refunded) return null;
  const amount = formatMoney(refunded.amountMinor, refunded.currency === "eur" ? "eur" : "usd", locale);
  return (
    <p className={cn("text-xs text-emerald-700 dark:text-emerald-400", className)} data-testid="second-payment-refund">
      {t("secondPaymentRefunded", { amount })}
    </p>
  );
}
