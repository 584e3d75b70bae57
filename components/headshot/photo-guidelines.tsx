import { getTranslations } from "next-intl/server";
import { CircleCheck } from "@/components/icons/circle-check";
import { CircleX } from "@/components/icons/circle-x";

const goodKeys = ["face", "light", "alone", "recent"] as const;
const badKeys = ["accessories", "group", "blurry", "filters"] as const;

/** The good and bad photo guidelines of step 1 (spec §2). */
export async function PhotoGuidelines() {
  const t = await getTranslations("flows.headshotPro.guidelines");
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid="photo-guidelines">
      <div className="rounded-xl border border-emerald-500/30 bg-emerald-500/5 p-4">
        <h3 className="mb-2 font-medium text-emerald-700 dark:text-emerald-400">{t("goodTitle")}</h3>
        <ul className="space-y-1.5 text-sm">
          {goodKeys.map((key) => (
            <li key={key} className="flex items-start gap-2">
              <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
              {t(`good.${key}`)}
            </li>
          ))}
        </ul>
      </div>
      <div className="rounded-xl border border-destructive/30 bg-destructive/5 p-4">
        <h3 className="mb-2 font-medium text-red-700 dark:text-red-400">{t("badTitle")}</h3>
        <ul className="space-y-1.5 text-sm">
          {badKeys.map((key) => (
            <li key={key} className="flex items-start gap-2">
              <CircleX className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
              {t(`bad.${key}`)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
