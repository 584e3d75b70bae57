import { z } from "zod";
import type { ToolId } from "./tools";

/** What an edit job stores as its input: the prompt and where the edited image came from. */
const toolIds = ["headshot_pro", "ai_product", "hair_changer", "body_shaper"] as const satisfies readonly ToolId[];

export const editJobInputSchema = z.object({
  prompt: z.string().trim().min(1),
  /** The tool the first image of the chain came from; its edit word limit applies to remixes. */
  sourceTool: z.enum(toolIds),
  sourceImageId: z.uuid(),
});

export type EditJobInput = z.infer<typeof editJobInputSchema>;
