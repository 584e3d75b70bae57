import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ArrowLeft } from "@/components/icons/arrow-left";
import { creditHistoryHref } from "@/lib/billing/credit-history-query";

/** Back from a receipt to the credit history it was opened from. */
export async function ReceiptBackLink() {
  const t = await getTranslations("subscription.receipt");
  return (
    <Link
      href={creditHistoryHref(1)}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
    >
      <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
      {t("back")}
    </Link>
  );
}
