import { TriangleAlert as AlertTriangle } from "@/components/icons/triangle-alert";
import { Images } from "@/components/icons/images";
import { useTranslations } from "next-intl";
import { CategoryBadge } from "@/components/generation/category-badge";
import { useMoneyRefundText } from "@/components/generation/delivery-refund-notice";
import { LocalDateTime } from "@/components/generation/local-date-time";
import { useFailureReason } from "@/components/generation/use-failure-reason";
import { useTranslationsWithSharedFormatters } from "@/components/i18n/use-translations-with-shared-formatters";
import { ResultImage } from "@/components/results/result-image";
import { gridTileSizes } from "@/components/results/tile-sizes";
import type { ActivityItem } from "@/lib/activity/load-activity";
import type { DeliveryRefund } from "@/lib/generation/delivery-refunds";
import { SecondPaymentLine } from "./second-payment-line";
import { StatusBadge } from "./status-badge";

const noRefund = { missingImages: 0, credits: 0, money: null };

/** A complete generation in the Generated Images gallery (to /gallery/{id}), or a failed one. */
export function FinishedCard({ item }: { item: ActivityItem }) {
  return item.status === "failed" ? <FailedCard item={item} /> : <GeneratedCard item={item} />;
}

/** Why it failed and what came back; each card calls only the translators it shows. */
function FailedCard({ item }: { item: ActivityItem }) {
  const t = useTranslations("activity");
  const tFailure = useTranslations("generation.failure");
  const reason = useFailureReason(item.errorKey);
  const moneyRefund = useMoneyRefundText(item.refund ?? noRefund, true);
  return (
    <article
      data-testid="failed-card"
      data-generation-id={item.id}
      className="flex h-full flex-col gap-3 rounded-xl border border-red-500/30 bg-red-500/5 p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <CategoryBadge category={item.category} />
        <StatusBadge status="failed" className="ms-auto" />
      </div>
      <p className="flex items-start gap-2 text-sm font-medium">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400" aria-hidden="true" />
        {t("failed")}
      </p>
      {reason ? (
        <p className="text-sm break-words" data-testid="failed-reason">
          {reason}
          {item.errorDetail ? (
            <span className="block text-muted-foreground" data-testid="failed-detail">
              {item.errorDetail}
            </span>
          ) : null}
        </p>
      ) : null}
      {item.creditsRefunded ? <p className="text-sm text-muted-foreground">{tFailure("refunded")}</p> : null}
      {moneyRefund ? (
        <p className="text-sm font-medium text-emerald-700 dark:text-emerald-400" data-testid="money-refund">
          {moneyRefund}
        </p>
      ) : null}
      <SecondPaymentLine refunded={item.secondPaymentRefunded} />
      <p className="mt-auto text-xs text-muted-foreground">
        <LocalDateTime iso={item.createdAt} dateStyle="medium" />
      </p>
    </article>
  );
}

function GeneratedCard({ item }: { item: ActivityItem }) {
  // Its image counts are plurals: formatters kept for the process, not made per request (issue 16).
  const t = useTranslationsWithSharedFormatters("activity");
  return (
    // A plain link, followed within the app by the list's InAppLinks (activity-lists.tsx): a Link
    // each was twenty client components more in every render of /activity (issue 16).
    <a
      href={`/gallery/${item.id}`}
      data-testid="generated-card"
      data-generation-id={item.id}
      className="group generated-card"
    >
      <div className="generated-card-cover">
        {item.coverUrl ? (
          <ResultImage
            src={item.coverUrl}
            alt={t("coverAlt", { count: item.imageCount })}
            sizes={gridTileSizes(5)}
            className="generated-card-image"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-muted-foreground">
            <Images className="size-8" aria-hidden="true" />
          </div>
        )}
        <div className="generated-card-badges">
          <CategoryBadge category={item.category} tone="solid" />
          {item.isEdit ? (
            <span className="rounded-md bg-fuchsia-600/90 px-2 py-0.5 text-xs font-medium text-white">{t("editBadge")}</span>
          ) : null}
        </div>
      </div>
      {/* Two lines on a narrow card rather than a date broken in the middle. */}
      <div className="generated-card-footer">
        <span className="whitespace-nowrap">
          <LocalDateTime iso={item.createdAt} dateStyle="medium" timeStyle="short" />
        </span>
        <span className="shrink-0">{t("images", { count: item.imageCount })}</span>
      </div>
      {item.refund ? <DeliveryRefundLine refund={item.refund} ordered={item.numberShots} /> : null}
      <SecondPaymentLine refunded={item.secondPaymentRefunded} className="border-t px-3 py-2" />
    </a>
  );
}

/** A complete generation that delivered fewer images than ordered, and what came back (decision 19). */
function DeliveryRefundLine({ refund, ordered }: { refund: DeliveryRefund; ordered: number }) {
  const t = useTranslations("orders.refund");
  const moneyRefund = useMoneyRefundText(refund, false);
  return (
    <p className="border-t px-3 py-2 text-xs text-amber-800 dark:text-amber-200" data-testid="delivery-refund-line">
      {t("partialTitle", { delivered: ordered - refund.missingImages, ordered })}
      {" · "}
      {moneyRefund ?? t("partCredits", { credits: refund.credits, missing: refund.missingImages })}
    </p>
  );
}
