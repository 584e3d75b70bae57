import type { Metadata } from "next";
import Link from "next/link";
import { ArrowLeft } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { getDb } from "@/db";
import { readActivityFingerprint } from "@/db/queries/activity";
import { ActivityLiveUpdates } from "@/components/activity/activity-live-updates";
import { ActivityPagination } from "@/components/activity/activity-pagination";
import { CategoryChips } from "@/components/activity/category-chips";
import { FinishedCard } from "@/components/activity/finished-card";
import { InProgressCard, focusedCardId } from "@/components/activity/in-progress-card";
import { ScrollToFocused } from "@/components/activity/scroll-to-focused";
import { StartCreating } from "@/components/activity/start-creating";
import { PaymentReturnBanner } from "@/components/billing/payment-return-banner";
import { parseActivityQuery } from "@/lib/activity/activity-query";
import { loadActivity } from "@/lib/activity/load-activity";
import { requireUser } from "@/lib/auth/session";
import { checkoutStatusInput } from "@/lib/validations/billing";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("activity");
  return { title: t("metaTitle") };
}

/**
 * Spec §2 /activity: the category chips, In Progress (live), the Generated Images gallery of
 * finished generations page by page, ?focus=latest and the payment return banner.
 */
export default async function ActivityPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireUser("/activity");
  const t = await getTranslations("activity");
  const query = parseActivityQuery(await searchParams);
  const db = getDb();
  // Read first: a change that lands while the lists load then still triggers a refresh.
  const fingerprint = await readActivityFingerprint(db, user.id);
  const activity = await loadActivity(db, user.id, { category: query.category, page: query.page });
  const returned = checkoutStatusInput.safeParse({ sessionId: query.sessionId });
  const focusedId = query.focusLatest ? activity.inProgress[0]?.id : undefined;
  const isEmpty = activity.inProgress.length === 0 && activity.finished.length === 0;

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <ActivityLiveUpdates fingerprint={fingerprint} />
      {focusedId ? <ScrollToFocused elementId={focusedCardId} /> : null}
      <Link
        href="/dashboard"
        data-testid="activity-back"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
      >
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        {t("back")}
      </Link>
      <PaymentReturnBanner sessionId={returned.success ? returned.data.sessionId : undefined} variant="generation" />

      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </header>
      <CategoryChips active={query.categorySlug} />

      {isEmpty ? (
        <StartCreating
          testId="activity-empty"
          href="/dashboard"
          title={t("emptyTitle")}
          description={t("emptyDescription")}
          action={t("startCreating")}
        />
      ) : null}

      {activity.inProgress.length > 0 ? (
        <section aria-labelledby="in-progress-heading" data-testid="in-progress-section">
          <h2 id="in-progress-heading" className="mb-4 text-xl font-semibold">
            {t("inProgress")}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {activity.inProgress.map((item) => (
              <li key={item.id}>
                <InProgressCard item={item} focused={item.id === focusedId} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {activity.finished.length > 0 ? (
        <section aria-labelledby="generated-heading" data-testid="generated-section">
          <h2 id="generated-heading" className="mb-4 text-xl font-semibold">
            {t("generated")}
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
            {activity.finished.map((item) => (
              <li key={item.id}>
                <FinishedCard item={item} />
              </li>
            ))}
          </ul>
          <ActivityPagination categorySlug={query.categorySlug} page={activity.page} hasNextPage={activity.hasNextPage} />
        </section>
      ) : null}
    </div>
  );
}
