import type { FlowDraft } from "./flow-drafts";
import { generationOptions } from "./flow-drafts";
import type { FlowTool } from "./flow-tools";

/**
 * What a generation of this draft costs, priced by the tool description the server uses too
 * (the server decides again when it accepts the job). Null while the draft is not valid.
 */
export function generationCost(flow: FlowTool, draft: FlowDraft): number | null {
  const options = generationOptions(draft);
  if (flow.kind === "product") {
    const parsed = flow.tool.inputSchema.safeParse(options);
    return parsed.success ? flow.tool.creditCost(parsed.data) : null;
  }
  const parsed = flow.tool.inputSchema.safeParse(options);
  return parsed.success ? flow.tool.creditCost(parsed.data) : null;
}
