import type { Metadata } from "next";
import { Suspense } from "react";
import Link from "next/link";
import { ArrowLeft } from "@/components/icons/arrow-left";
import { getTranslations } from "next-intl/server";
import { getDb } from "@/db";
import { ActivityLists, ActivityListsSkeleton } from "@/components/activity/activity-lists";
import { CategoryChips } from "@/components/activity/category-chips";
import { PaymentReturnBanner } from "@/components/billing/payment-return-banner";
import { parseActivityQuery } from "@/lib/activity/activity-query";
import { loadActivityView } from "@/lib/activity/load-activity";
import { requireUser } from "@/lib/auth/session";
import { checkoutStatusInput } from "@/lib/validations/billing";
import { routeClientNamespaces, routeOnDemandNamespaces } from "@/app/client-namespaces";
import { ClientMessages } from "@/components/i18n/client-messages";

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
  // Started now, awaited where the lists are shown: the page's top is sent while they load.
  const view = loadActivityView(getDb(), user.id, { category: query.category, page: query.page });
  const returned = checkoutStatusInput.safeParse({ sessionId: query.sessionId });
  const sessionId = returned.success ? returned.data.sessionId : undefined;

  return (
    <ClientMessages namespaces={routeClientNamespaces["(app)/activity/page"]}>
      <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
        <Link
          href="/dashboard"
          data-testid="activity-back"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
        >
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
          {t("back")}
        </Link>
        {/* The banner's texts only with a payment to report on; rendered either way, so it outlives a refresh without it. */}
        <ClientMessages namespaces={sessionId ? routeOnDemandNamespaces["(app)/activity/page"] : []}>
          <PaymentReturnBanner sessionId={sessionId} variant="generation" />
        </ClientMessages>

        <header className="space-y-2">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
          <p className="text-muted-foreground">{t("subtitle")}</p>
        </header>
        <CategoryChips active={query.categorySlug} />

        <Suspense key={`${query.categorySlug ?? "all"}:${query.page}`} fallback={<ActivityListsSkeleton />}>
          <ActivityLists view={view} categorySlug={query.categorySlug} focusLatest={query.focusLatest} />
        </Suspense>
      </div>
    </ClientMessages>
  );
}
