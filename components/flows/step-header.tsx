import { getTranslations } from "next-intl/server";
import { cn } from "@/lib/utils";

/**
 * "Step 1 of 2" with the step's title (spec §9 step indicators) and a two-part bar, shared by
 * the steps of the three flows.
 */
export async function StepHeader({
  current,
  total,
  title,
  subtitle,
}: {
  current: number;
  total: number;
  title: string;
  subtitle?: string;
}) {
  const t = await getTranslations("flows.common");
  return (
    <header className="space-y-3">
      <div className="flex items-center gap-3">
        <p className="text-sm font-semibold text-primary" data-testid="step-indicator">
          {t("stepOf", { current, total })}
        </p>
        <ol className="flex flex-1 gap-1.5" aria-hidden="true">
          {Array.from({ length: total }, (_, index) => (
            <li key={index} className={cn("h-1.5 flex-1 rounded-full", index < current ? "bg-primary" : "bg-muted")} />
          ))}
        </ol>
      </div>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {subtitle ? <p className="text-muted-foreground">{subtitle}</p> : null}
    </header>
  );
}
