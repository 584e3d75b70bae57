import {
  customLookId,
  customPromptWordLimit,
  findLook,
  genders,
  outputDimensions,
  productPresentations,
  type Gender,
  type OutputDimension,
  type ProductPresentation,
} from "@/lib/generation/catalog";
import { limitWords } from "@/lib/generation/words";
import type { FlowTool, LookFlowTool } from "./flow-tools";
import { storedChoice, storedRecord, storedString } from "./stored-values";

/**
 * The wizard data of spec §3 for the three two-step tools, without the photo (kept apart, in
 * IndexedDB: decision 22, components/flows/draft/draft-photo-store.ts). Pure functions shared
 * by the step pages and the tests.
 */

export interface ProductDraft {
  kind: "product";
  prompt: string;
  dimension: OutputDimension;
  /** "framed" only when the user chose the framed print for a photo whose cut-out is not trusted (step 1). */
  presentation: ProductPresentation;
}

export interface LookDraft {
  kind: "look";
  gender: Gender | null;
  /** A look id of the gender, `customLookId`, or null before a choice. */
  style: string | null;
  /** Kept while the user browses the tiles, sent only with the "custom" style. */
  customPrompt: string;
}

export type FlowDraft = ProductDraft | LookDraft;

export function emptyDraft(flow: FlowTool): FlowDraft {
  return flow.kind === "product"
    ? { kind: "product", prompt: "", dimension: "auto", presentation: "cutout" }
    : { kind: "look", gender: null, style: null, customPrompt: "" };
}

function isKnownStyle(flow: LookFlowTool, gender: Gender | null, style: string | null): boolean {
  if (style === null || gender === null) return false;
  return style === customLookId || findLook(flow.looks, gender, style) !== undefined;
}

/**
 * A draft read back from storage: anything unreadable (an older version, a hand-edited value)
 * falls back to the empty draft field by field, and a style that does not belong to the
 * gender is dropped, so a restored draft is always one the form could have produced.
 */
export function parseStoredDraft(flow: FlowTool, stored: unknown): FlowDraft {
  const fields = storedRecord(stored);
  if (!fields) return emptyDraft(flow);
  if (flow.kind === "product") {
    return {
      kind: "product",
      prompt: storedString(fields.prompt, 2000) ?? "",
      dimension: storedChoice(outputDimensions, fields.dimension) ?? "auto",
      presentation: storedChoice(productPresentations, fields.presentation) ?? "cutout",
    };
  }
  const gender = storedChoice(genders, fields.gender);
  const style = storedString(fields.style, 100);
  return {
    kind: "look",
    gender,
    style: isKnownStyle(flow, gender, style) ? style : null,
    customPrompt: limitWords(storedString(fields.customPrompt, 300) ?? "", customPromptWordLimit),
  };
}

/** What the draft stores: everything but `kind`, which follows from the tool. */
export function storableDraft(draft: FlowDraft): Record<string, unknown> {
  if (draft.kind === "product") return { prompt: draft.prompt, dimension: draft.dimension, presentation: draft.presentation };
  return { gender: draft.gender, style: draft.style, customPrompt: draft.customPrompt };
}

/** The first thing step 1 still needs, in the order of spec §5's messages; null when complete. */
export type Step1Problem = "image" | "prompt" | "gender" | "style" | "customPrompt";

export function findStep1Problem(draft: FlowDraft, hasImage: boolean): Step1Problem | null {
  if (!hasImage) return "image";
  if (draft.kind === "product") return draft.prompt.trim() === "" ? "prompt" : null;
  if (draft.gender === null) return "gender";
  if (draft.style === null) return "style";
  if (draft.style === customLookId && draft.customPrompt.trim() === "") return "customPrompt";
  return null;
}

/** Spec §4: the draft may go to review and generation only when step 1 has nothing left. */
export const isDraftComplete = (draft: FlowDraft, hasImage: boolean) => findStep1Problem(draft, hasImage) === null;

/** The tool options createGenerationAction receives (the tool's input schema on the server). */
export function generationOptions(draft: FlowDraft): Record<string, unknown> {
  if (draft.kind === "product") return { prompt: draft.prompt.trim(), dimension: draft.dimension, presentation: draft.presentation };
  return {
    gender: draft.gender,
    style: draft.style,
    customPrompt: draft.style === customLookId ? draft.customPrompt.trim() : "",
  };
}
