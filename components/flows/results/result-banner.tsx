import { getMessages, getTranslations } from "next-intl/server";
import { CircleCheck } from "@/components/icons/circle-check";
import { ShieldCheck } from "@/components/icons/shield-check";
import type { FlowTool } from "@/lib/flows/flow-tools";
import { lookResultOf } from "@/lib/flows/look-result";
import { messageFor } from "@/lib/flows/message-lookup";
import { isFramedProduct } from "@/lib/generation/catalog";

interface BannerGeneration {
  input: unknown;
  /** The engine that made the images (stored when the job completed). */
  engine: string | null;
}

/**
 * The success banner of a results page (spec §2): AI Product says the image is high-resolution;
 * Hair Changer and Body Shaper name the gender and the look, "with custom touches" for a
 * custom prompt. Images of the local engine say they were made on this server with on-device
 * models (decision 21), and an AI Product photo framed whole (the user's choice at step 1) says so.
 */
export async function ResultBanner({ flow, generation }: { flow: FlowTool; generation: BannerGeneration }) {
  const t = await getTranslations();
  const local = generation.engine === "local";
  let title: string;
  let text: string | null;
  if (flow.kind === "product") {
    title = t("flows.aiProduct.results.bannerTitle");
    text = local && isFramedProduct(generation.input) ? t("flows.aiProduct.results.framed") : t("flows.aiProduct.results.banner");
  } else {
    const result = lookResultOf(flow, generation.input);
    const names = (await getMessages()).catalog[flow.catalogKey];
    title = t(`flows.${flow.messageKey}.results.bannerTitle`);
    text = result
      ? t(`flows.${flow.messageKey}.results.banner`, {
          gender: t(`catalog.genders.${result.gender}`),
          style: result.kind === "custom" ? `“${result.customPrompt}”` : messageFor(names, result.lookId, result.lookName),
          custom: result.kind === "custom" ? "yes" : "no",
        })
      : null;
  }
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-emerald-500/30 bg-emerald-500/10 px-4 py-3 text-emerald-950 dark:text-emerald-100"
      data-testid="result-banner"
    >
      <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-semibold">{title}</p>
        {text ? <p className="text-sm">{text}</p> : null}
        {local ? (
          <p className="flex items-center gap-1.5 text-sm" data-testid="result-local-engine">
            <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
            {t("flows.common.results.localEngine")}
          </p>
        ) : null}
      </div>
    </div>
  );
}
