"use client";

import { useMissingInformationRedirect } from "@/components/flows/use-missing-information";
import { isReadyFor, type HeadshotStep } from "@/lib/headshot/headshot-draft";
import { headshotPath } from "@/lib/headshot/headshot-paths";
import { useHeadshotDraft } from "./headshot-draft-store";

/**
 * The draft as a step page sees it. A step opened without what the earlier steps collect
 * (a direct visit, another browser) says 'Missing information' and goes back to step 1 (spec §4).
 */
export function useHeadshotStep(step: HeadshotStep) {
  const { restored, draft } = useHeadshotDraft();
  const ready = restored && isReadyFor(step, draft);
  useMissingInformationRedirect(headshotPath("step1"), restored && !ready);
  return { draft, ready };
}
