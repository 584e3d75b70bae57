import { getTranslations } from "next-intl/server";
import { Info } from "lucide-react";
import type { GenerationTool } from "@/db/schema";
import { isPreviewEngineActive } from "@/lib/generation/preview-engine-status";

/** Says that this tool's images come from the offline preview engine (decision 11), when they do. */
export async function PreviewEngineNotice({ tool }: { tool: GenerationTool }) {
  if (!isPreviewEngineActive(tool)) return null;
  const t = await getTranslations("generation");
  return (
    <p
      className="flex items-start gap-2 rounded-lg border border-sky-500/30 bg-sky-500/10 px-4 py-3 text-sm text-sky-900 dark:text-sky-200"
      data-testid="preview-engine-notice"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {t("previewNotice")}
    </p>
  );
}
