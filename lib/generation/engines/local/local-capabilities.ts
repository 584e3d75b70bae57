import type { Gender } from "../../catalog";
import { bodyAdjustmentsFor } from "./body/body-shapes";
import { localEditsFor } from "./edit/edit-vocabulary";
import { hairColourFor } from "./hair/hair-colours";

/**
 * What the local engine can make for real (decision 21): every headshot style and product
 * scene; Hair Changer's colours (tiles and colour words); Body Shaper's contour changes; the
 * edits of its vocabulary. Pure, so the style tiles can mark the rest and the server can refuse
 * it before credits are taken.
 */

export type LookTool = "hair_changer" | "body_shaper";

/** Whether a Hair Changer or Body Shaper tile (or custom prompt, with style "custom") can be made locally. */
export function localLookSupported(tool: LookTool, input: { gender: Gender; style: string; customPrompt: string }): boolean {
  return tool === "hair_changer"
    ? hairColourFor(input.style, input.customPrompt) !== null
    : bodyAdjustmentsFor(input.gender, input.style, input.customPrompt) !== null;
}

/** The tiles of each gender the local engine cannot make, which the style grid marks. */
export function looksNeedingAiEngine(tool: LookTool, looks: Record<Gender, readonly { id: string }[]>): Record<Gender, string[]> {
  const needing = (gender: Gender) =>
    looks[gender].filter((look) => !localLookSupported(tool, { gender, style: look.id, customPrompt: "" })).map((look) => look.id);
  return { male: needing("male"), female: needing("female") };
}

export function localEditSupported(prompt: string): boolean {
  return localEditsFor(prompt) !== null;
}
