"use client";

import { useCallback } from "react";
import { emptyDraft, parseStoredDraft, storableDraft, type FlowDraft } from "@/lib/flows/flow-drafts";
import type { FlowSlug, FlowTool } from "@/lib/flows/flow-tools";
import { setDraftPhoto, useDraftPhoto } from "./draft-photo-store";
import { createLocalDraftStore, type LocalDraftStore } from "./local-draft-store";

/**
 * One draft per two-step tool, shared by its step pages: the fields live in local storage
 * (restored on load, saved on every change), the photo in IndexedDB (decision 22), so both
 * survive a reload and the detour to buy credits.
 */

export interface DraftPhoto {
  dataUrl: string;
}

const stores = new Map<FlowSlug, LocalDraftStore<FlowDraft>>();

function storeFor(flow: FlowTool): LocalDraftStore<FlowDraft> {
  let store = stores.get(flow.slug);
  if (!store) {
    store = createLocalDraftStore<FlowDraft>({
      storageKey: flow.storageKeys.draft,
      empty: () => emptyDraft(flow),
      parse: (stored) => parseStoredDraft(flow, stored),
      toStored: storableDraft,
    });
    stores.set(flow.slug, store);
  }
  return store;
}

/** Spec §4 "Reset clears it": after a result, the next visit starts from an empty form. */
export function resetDraft(flow: FlowTool) {
  storeFor(flow).reset();
  setDraftPhoto(flow.tool.id, null);
}

export function useFlowDraft(flow: FlowTool) {
  const fields = storeFor(flow).useDraft();
  const photo = useDraftPhoto(flow.tool.id);
  const updateDraft = useCallback((draft: FlowDraft) => storeFor(flow).save(draft), [flow]);
  const updatePhoto = useCallback((next: DraftPhoto | null) => setDraftPhoto(flow.tool.id, next?.dataUrl ?? null), [flow]);
  return {
    restored: fields.restored && photo.loaded,
    draft: fields.value,
    photo: photo.dataUrl === null ? null : { dataUrl: photo.dataUrl },
    updateDraft,
    updatePhoto,
  };
}
