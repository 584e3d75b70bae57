import { Gift } from "@/components/icons/gift";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";

/**
 * Spec §2: non-subscribers see their free credits and why a plan is worth it. `action` is the
 * Customer Portal button of a Stripe subscription that is not active (a failed payment).
 */
export async function FreePlanCard({ credits, action }: { credits: number; action?: React.ReactNode }) {
  const t = await getTranslations("subscription.freePlan");
  return (
    <section
      aria-labelledby="free-plan-title"
      data-testid="free-plan-card"
      className="flex flex-col gap-4 rounded-2xl border bg-card p-5 shadow-sm sm:flex-row sm:items-center"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Gift className="size-5" aria-hidden="true" />
      </span>
      <div className="flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="free-plan-title" className="font-semibold">
            {t("title")}
          </h2>
          <Badge variant="secondary">{t("badge")}</Badge>
        </div>
        <p className="text-sm font-medium tabular-nums" data-testid="free-plan-credits">
          {t("creditsRemaining", { count: credits })}
        </p>
        <p className="text-sm text-muted-foreground">{t("upgrade")}</p>
      </div>
      {action}
    </section>
  );
}
