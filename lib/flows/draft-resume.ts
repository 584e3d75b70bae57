import { findTool, type ToolId } from "@/lib/generation/tool-catalog";
import { readStoredJson, removeStored, writeStoredJson, type KeyValueStorage } from "./draft-storage";
import { storedRecord, storedString } from "./stored-values";

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

const resumePath = /^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/;

export function rememberDraftResume(storage: KeyValueStorage | null, resume: DraftResume): void {
  writeStoredJson(storage, draftResumeStorageKey, resume);
}

export function readDraftResume(storage: KeyValueStorage | null): DraftResume | null {
  const stored = storedRecord(readStoredJson(storage, draftResumeStorageKey));
  const tool = typeof stored?.tool === "string" ? findTool(stored.tool) : undefined;
  const path = storedString(stored?.path, 200);
  return tool && path !== null && resumePath.test(path) ? { tool: tool.id, path } : null;
}

export function forgetDraftResume(storage: KeyValueStorage | null): void {
  removeStored(storage, draftResumeStorageKey);
}
