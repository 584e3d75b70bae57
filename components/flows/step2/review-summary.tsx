"use client";

import { useMessages, useTranslations } from "next-intl";
import { customLookId, dimensionRatios, findLook } from "@/lib/generation/catalog";
import type { FlowDraft } from "@/lib/flows/flow-drafts";
import type { FlowTool } from "@/lib/flows/flow-tools";
import { messageFor } from "@/lib/flows/message-lookup";

interface SummaryRow {
  key: string;
  label: string;
  value: string;
}

function useSummaryRows(flow: FlowTool, draft: FlowDraft): SummaryRow[] {
  const t = useTranslations();
  const catalog = useMessages().catalog;

  if (draft.kind === "product") {
    const ratio = dimensionRatios[draft.dimension].review;
    const dimension = t(`catalog.dimensions.${draft.dimension}`);
    const rows = [
      { key: "prompt", label: t("flows.aiProduct.review.prompt"), value: draft.prompt.trim() },
      { key: "dimension", label: t("flows.aiProduct.review.dimension"), value: ratio ? `${dimension} (${ratio})` : dimension },
    ];
    // Said only when chosen: the cut-out is what AI Product makes otherwise.
    if (draft.presentation === "framed") rows.push({ key: "presentation", label: t("flows.aiProduct.review.presentation"), value: t("flows.aiProduct.review.presentations.framed") });
    return rows;
  }
  if (flow.kind !== "look" || draft.gender === null || draft.style === null) return [];
  const custom = draft.style === customLookId;
  const look = custom ? undefined : findLook(flow.looks, draft.gender, draft.style);
  const rows: SummaryRow[] = [
    { key: "gender", label: t("flows.look.review.gender"), value: t(`catalog.genders.${draft.gender}`) },
    {
      key: "style",
      label: t(`flows.${flow.messageKey}.review.style`),
      value: look ? messageFor(catalog[flow.catalogKey], look.id, look.name) : t("flows.look.customPrompt"),
    },
  ];
  if (custom) rows.push({ key: "custom", label: t("flows.look.review.custom"), value: draft.customPrompt.trim() });
  return rows;
}

/** The choices of step 1 as the review lists them (spec §2 step2). */
export function ReviewSummary({ flow, draft }: { flow: FlowTool; draft: FlowDraft }) {
  const rows = useSummaryRows(flow, draft);
  return (
    <dl className="divide-y rounded-xl border" data-testid="review-summary">
      {rows.map((row) => (
        <div key={row.key} className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4" data-testid={`review-${row.key}`}>
          <dt className="text-sm text-muted-foreground">{row.label}</dt>
          <dd className="font-medium break-words">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
