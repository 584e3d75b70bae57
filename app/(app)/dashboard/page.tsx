import type { Metadata } from "next";
import { Suspense } from "react";
import Link from "next/link";
import { ArrowRight } from "@/components/icons/arrow-right";
import { getTranslations } from "next-intl/server";
import { getDb } from "@/db";
import { RecentImages, RecentImagesSkeleton, type RecentImagesData } from "@/components/dashboard/recent-images";
import { ExamplesGallery } from "@/components/marketing/examples-gallery";
import { ToolCards } from "@/components/marketing/tool-cards";
import { Button } from "@/components/ui/button";
import { loadRecentImages } from "@/lib/activity/recent-images";
import { requireUser } from "@/lib/auth/session";
import { routeClientNamespaces } from "@/app/client-namespaces";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("dashboard");
  return { title: t("metaTitle") };
}

/** The signed-in home (spec §2 /dashboard): the tools, then the 10 newest images of every tool. */
export default async function DashboardPage() {
  const user = await requireUser("/dashboard");
  const t = await getTranslations("dashboard");
  // Started now, awaited where it is shown: the page is sent while the read runs.
  const recent: Promise<RecentImagesData> = loadRecentImages(getDb(), user.id).then((images) => ({ images }));

  return (
    <ClientMessages namespaces={routeClientNamespaces["(app)/dashboard/page"]}>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <header className="mb-8">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
          <p className="mt-2 text-muted-foreground">{t("subtitle")}</p>
        </header>
        <section aria-labelledby="dashboard-tools-heading" className="mb-12">
          <h2 id="dashboard-tools-heading" className="mb-4 scroll-mt-24 text-xl font-semibold">
            {t("toolsHeading")}
          </h2>
          <ToolCards />
        </section>
        <section aria-labelledby="recent-activity-heading" data-testid="recent-activity">
          <div className="mb-4 flex items-center justify-between gap-4">
            <h2 id="recent-activity-heading" className="text-xl font-semibold">
              {t("recentActivity")}
            </h2>
            <Button asChild variant="outline" size="sm">
              <Link href="/activity" data-testid="view-all-activity">
                {t("viewAll")}
                <ArrowRight className="rtl:rotate-180" aria-hidden="true" />
              </Link>
            </Button>
          </div>
          <Suspense fallback={<RecentImagesSkeleton />}>
            <RecentImages data={recent} emptyHref="#dashboard-tools-heading" />
          </Suspense>
        </section>
        {/* The header's and footer's Examples lead here for signed-in users (issue 19). */}
        <section id="examples" aria-labelledby="dashboard-examples-heading" className="mt-12 scroll-mt-24">
          <h2 id="dashboard-examples-heading" className="mb-4 text-xl font-semibold">
            {t("examplesHeading")}
          </h2>
          <ExamplesGallery />
        </section>
      </div>
    </ClientMessages>
  );
}
