import type { Metadata } from "next";
import Link from "next/link";
import { ImageIcon, Sparkles } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { ToolCards } from "@/components/marketing/tool-cards";
import { Button } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("dashboard");
  return { title: t("metaTitle") };
}

/** The signed-in home (spec §2 /dashboard): the tools, then recent activity. */
export default async function DashboardPage() {
  await requireUser("/dashboard");
  const t = await getTranslations("dashboard");

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("subtitle")}</p>
      </header>
      <section aria-labelledby="dashboard-tools-heading" className="mb-12">
        <h2 id="dashboard-tools-heading" className="mb-4 text-xl font-semibold">
          {t("toolsHeading")}
        </h2>
        <ToolCards />
      </section>
      <section aria-labelledby="recent-activity-heading" data-testid="recent-activity">
        <h2 id="recent-activity-heading" className="mb-4 text-xl font-semibold">
          {t("recentActivity")}
        </h2>
        {/* Filled by the activity issue; until then every account starts here. */}
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <ImageIcon className="size-6" aria-hidden="true" />
          </span>
          <p className="font-medium">{t("emptyTitle")}</p>
          <p className="max-w-sm text-sm text-muted-foreground">{t("emptyDescription")}</p>
          <Button asChild variant="brand" className="mt-2">
            <Link href="/">
              <Sparkles aria-hidden="true" />
              {t("startCreating")}
            </Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
