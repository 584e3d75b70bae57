"use client";

import { useCallback } from "react";
import { emptyDraft, parseStoredDraft, storableDraft, type FlowDraft } from "@/lib/flows/flow-drafts";
import type { FlowSlug, FlowTool } from "@/lib/flows/flow-tools";
import { createLocalDraftStore, type LocalDraftStore } from "./local-draft-store";

/**
 * One draft per two-step tool, shared by its step pages: the fields live in local storage
 * (restored on load, saved on every change), the photo only in memory for this tab (spec §3
 * does not persist it), so it survives moving between the steps but not a reload.
 */

export interface DraftPhoto {
  dataUrl: string;
}

interface FlowDraftValue {
  draft: FlowDraft;
  photo: DraftPhoto | null;
}

const stores = new Map<FlowSlug, LocalDraftStore<FlowDraftValue>>();

function storeFor(flow: FlowTool): LocalDraftStore<FlowDraftValue> {
  let store = stores.get(flow.slug);
  if (!store) {
    store = createLocalDraftStore<FlowDraftValue>({
      storageKey: flow.storageKeys.draft,
      empty: () => ({ draft: emptyDraft(flow), photo: null }),
      parse: (stored) => ({ draft: parseStoredDraft(flow, stored), photo: null }),
      toStored: (value) => storableDraft(value.draft),
    });
    stores.set(flow.slug, store);
  }
  return store;
}

export function saveDraft(flow: FlowTool, draft: FlowDraft) {
  const store = storeFor(flow);
  store.save({ ...store.current(), draft });
}

export function savePhoto(flow: FlowTool, photo: DraftPhoto | null) {
  const store = storeFor(flow);
  store.publish({ ...store.current(), photo: photo ? { dataUrl: photo.dataUrl } : null });
}

/** Spec §4 "Reset clears it": after a result, the next visit starts from an empty form. */
export function resetDraft(flow: FlowTool) {
  storeFor(flow).reset();
}

export function useFlowDraft(flow: FlowTool) {
  const { restored, value } = storeFor(flow).useDraft();
  const updateDraft = useCallback((draft: FlowDraft) => saveDraft(flow, draft), [flow]);
  const updatePhoto = useCallback((photo: DraftPhoto | null) => savePhoto(flow, photo), [flow]);
  return { restored, draft: value.draft, photo: value.photo, updateDraft, updatePhoto };
}
