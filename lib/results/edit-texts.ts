import type { ToolId } from "@/lib/generation/tools";

/** Hair Changer and Body Shaper edits have texts of their own (spec §8 'Failed to edit hairstyle'). */
export type EditTexts = "image" | "hairstyle" | "bodyShape";

export function editTextsFor(tool: ToolId): EditTexts {
  if (tool === "hair_changer") return "hairstyle";
  if (tool === "body_shaper") return "bodyShape";
  return "image";
}
