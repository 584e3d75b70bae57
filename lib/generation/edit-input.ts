import { z } from "zod";
import { findTool, type ToolId } from "./tools";

/** What an edit job stores as its input: the prompt and where the edited image came from. */
const toolIds = ["headshot_pro", "ai_product", "hair_changer", "body_shaper"] as const satisfies readonly ToolId[];

export const editJobInputSchema = z.object({
  prompt: z.string().trim().min(1),
  /** The tool the first image of the chain came from; its edit word limit applies to remixes. */
  sourceTool: z.enum(toolIds),
  sourceImageId: z.uuid(),
});

export type EditJobInput = z.infer<typeof editJobInputSchema>;

/**
 * The tool an image ultimately came from: a generation's own tool, or for an edit the tool of
 * the first image of its chain (kept on the edit's input). Decides the edit word limit and the
 * texts of edit dialogs.
 */
export function rootToolOf(generation: { tool: string; input: unknown }): ToolId | undefined {
  if (generation.tool !== "edit") return findTool(generation.tool)?.id;
  const parsed = editJobInputSchema.safeParse(generation.input);
  return parsed.success ? parsed.data.sourceTool : undefined;
}
