import { z } from "zod";
import { findTool, type ToolId } from "@/lib/generation/tools";
import { readStoredJson, removeStored, writeStoredJson, type KeyValueStorage } from "./draft-storage";

/**
 * Where a user left a draft to buy credits (issue 19): the step page that sent them to the
 * plans or the Add Credits checkout, so the plans page (and the checkout tab, which shares local
 * storage) can offer the way back to exactly that step. Only a same-site path is kept.
 */

export const draftResumeStorageKey = "draftResume";

export interface DraftResume {
  tool: ToolId;
  /** The step page, e.g. "/hair-changer/step2". */
  path: string;
}

const storedResume = z.object({
  tool: z.string().refine((id) => findTool(id) !== undefined),
  path: z.string().max(200).regex(/^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/),
});

export function rememberDraftResume(storage: KeyValueStorage | null, resume: DraftResume): void {
  writeStoredJson(storage, draftResumeStorageKey, resume);
}

export function readDraftResume(storage: KeyValueStorage | null): DraftResume | null {
  const parsed = storedResume.safeParse(readStoredJson(storage, draftResumeStorageKey));
  const tool = parsed.success ? findTool(parsed.data.tool) : undefined;
  return parsed.success && tool ? { tool: tool.id, path: parsed.data.path } : null;
}

export function forgetDraftResume(storage: KeyValueStorage | null): void {
  removeStored(storage, draftResumeStorageKey);
}
