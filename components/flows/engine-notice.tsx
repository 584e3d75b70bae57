import { getTranslations } from "next-intl/server";
import { Info } from "@/components/icons/info";
import { ShieldCheck } from "@/components/icons/shield-check";
import type { GenerationTool } from "@/db/schema";
import { activeEngine } from "@/lib/generation/engine-status";
import { imageEngineNames, type ImageEngineName } from "@/lib/generation/engines/engine-names";

/**
 * Says how this tool's images are made, when it is on this server: by the local engine with
 * on-device models (the photo never leaves the server, decision 21), or by the preview engine
 * without AI (decision 11). Hosted engines need no note. Results pages pass the engine that
 * made their images (stored with the generation); other pages show the configured one.
 */
export async function EngineNotice({ tool, madeBy }: { tool: GenerationTool; madeBy?: string | null }) {
  const stored = imageEngineNames.find((name) => name === madeBy);
  const engine: ImageEngineName = stored ?? activeEngine(tool);
  if (engine !== "local" && engine !== "preview") return null;
  const t = await getTranslations("generation");
  const local = engine === "local";
  const Icon = local ? ShieldCheck : Info;
  return (
    <p
      className="flex items-start gap-2 rounded-lg border border-sky-500/30 bg-sky-500/10 px-4 py-3 text-sm text-sky-900 dark:text-sky-200"
      data-testid={local ? "local-engine-notice" : "preview-engine-notice"}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {t(local ? "localNotice" : "previewNotice")}
    </p>
  );
}
