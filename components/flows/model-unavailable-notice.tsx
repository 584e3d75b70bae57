import { getTranslations } from "next-intl/server";
import { CircleAlert } from "@/components/icons/circle-alert";
import type { GenerationTool } from "@/db/schema";
import { unavailableModelFor } from "@/lib/generation/engines/server-engines";

/**
 * Says up front, before the user uploads and chooses, that the tool is temporarily unavailable:
 * its hosted model is not served by its provider any more (decision 26), so starting it would be
 * refused. Reads the server's last lookup only; nothing is asked of the provider per page.
 */
export async function ModelUnavailableNotice({ tool }: { tool: GenerationTool }) {
  if (!unavailableModelFor(tool)) return null;
  const t = await getTranslations("generation");
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-900 dark:text-amber-200"
      data-testid="model-unavailable-notice"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {t("modelUnavailableNotice")}
    </p>
  );
}
