import { customLookId } from "@/lib/generation/catalog";
import { bodyShaper, hairChanger } from "@/lib/generation/tools";
import type { LookFlowTool } from "./flow-tools";

/**
 * What a Hair Changer or Body Shaper result banner names (spec §2): the gender and the look
 * the server accepted, read back from the generation's stored input.
 */
export type LookResult =
  | { gender: "male" | "female"; kind: "look"; lookId: string; lookName: string }
  | { gender: "male" | "female"; kind: "custom"; customPrompt: string };

export function lookResultOf(flow: LookFlowTool, input: unknown): LookResult | null {
  // The schema the server accepted the input with.
  const parsed = (flow.tool.id === hairChanger.id ? hairChanger : bodyShaper).inputSchema.safeParse(input);
  if (!parsed.success) return null;
  const { gender, style, customPrompt } = parsed.data;
  if (style === customLookId) return { gender, kind: "custom", customPrompt };
  const look = flow.looks[gender].find((option) => option.id === style);
  return look ? { gender, kind: "look", lookId: look.id, lookName: look.name } : null;
}
