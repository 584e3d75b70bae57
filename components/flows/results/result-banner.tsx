import { getMessages, getTranslations } from "next-intl/server";
import { CircleCheck } from "lucide-react";
import type { FlowTool } from "@/lib/flows/flow-tools";
import { lookResultOf } from "@/lib/flows/look-result";
import { messageFor } from "@/lib/flows/message-lookup";

/**
 * The success banner of a results page (spec §2): AI Product says the image is high-resolution;
 * Hair Changer and Body Shaper name the gender and the look, "with custom touches" for a
 * custom prompt.
 */
export async function ResultBanner({ flow, input }: { flow: FlowTool; input: unknown }) {
  const t = await getTranslations();
  let title: string;
  let text: string | null;
  if (flow.kind === "product") {
    title = t("flows.aiProduct.results.bannerTitle");
    text = t("flows.aiProduct.results.banner");
  } else {
    const result = lookResultOf(flow, input);
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
      <div>
        <p className="font-semibold">{title}</p>
        {text ? <p className="text-sm">{text}</p> : null}
      </div>
    </div>
  );
}
