import { customLookId } from "@/lib/generation/catalog";
import { isDraftComplete, type FlowDraft } from "./flow-drafts";
import type { FlowTool } from "./flow-tools";

/**
 * What a generation of this draft costs, priced by the tool description the server uses too
 * (the server checks the options with the tool's schema and prices again when it accepts the
 * job). Null while step 1 is not complete.
 */
export function generationCost(flow: FlowTool, draft: FlowDraft): number | null {
  if (!isDraftComplete(draft, true)) return null;
  if (flow.kind === "product" && draft.kind === "product") {
    return flow.tool.creditCost({ prompt: draft.prompt.trim(), dimension: draft.dimension, presentation: draft.presentation });
  }
  if (flow.kind === "look" && draft.kind === "look" && draft.gender !== null && draft.style !== null) {
    const customPrompt = draft.style === customLookId ? draft.customPrompt.trim() : "";
    return flow.tool.creditCost({ gender: draft.gender, style: draft.style, customPrompt });
  }
  return null;
}
