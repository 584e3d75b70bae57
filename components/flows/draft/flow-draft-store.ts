"use client";

import { useCallback, useSyncExternalStore } from "react";
import { browserStorage, readStoredJson, removeStored, writeStoredJson } from "@/lib/flows/draft-storage";
import { emptyDraft, parseStoredDraft, storableDraft, type FlowDraft } from "@/lib/flows/flow-drafts";
import type { FlowSlug, FlowTool } from "@/lib/flows/flow-tools";

/**
 * One draft per tool, shared by its step pages: the fields live in local storage (restored on
 * load, saved on every change), the photo only in memory for this tab (spec §3 does not persist
 * it), so it survives moving between the steps but not a reload.
 */

export interface DraftPhoto {
  dataUrl: string;
}

export interface DraftSnapshot {
  /** False during server rendering and hydration, before local storage has been read. */
  restored: boolean;
  draft: FlowDraft;
  photo: DraftPhoto | null;
}

interface DraftEntry {
  snapshot: DraftSnapshot;
  listeners: Set<() => void>;
}

const entries = new Map<FlowSlug, DraftEntry>();
const serverSnapshots = new Map<FlowSlug, DraftSnapshot>();

function entryFor(flow: FlowTool): DraftEntry {
  let entry = entries.get(flow.slug);
  if (!entry) {
    const stored = readStoredJson(browserStorage(), flow.storageKeys.draft);
    const draft = stored === null ? emptyDraft(flow) : parseStoredDraft(flow, stored);
    entry = { snapshot: { restored: true, draft, photo: null }, listeners: new Set() };
    entries.set(flow.slug, entry);
  }
  return entry;
}

function serverSnapshotFor(flow: FlowTool): DraftSnapshot {
  let snapshot = serverSnapshots.get(flow.slug);
  if (!snapshot) {
    snapshot = { restored: false, draft: emptyDraft(flow), photo: null };
    serverSnapshots.set(flow.slug, snapshot);
  }
  return snapshot;
}

function publish(flow: FlowTool, snapshot: DraftSnapshot) {
  const entry = entryFor(flow);
  entry.snapshot = snapshot;
  for (const listener of entry.listeners) listener();
}

export function saveDraft(flow: FlowTool, draft: FlowDraft) {
  publish(flow, { ...entryFor(flow).snapshot, draft });
  writeStoredJson(browserStorage(), flow.storageKeys.draft, storableDraft(draft));
}

export function savePhoto(flow: FlowTool, photo: DraftPhoto | null) {
  publish(flow, { ...entryFor(flow).snapshot, photo: photo ? { dataUrl: photo.dataUrl } : null });
}

/** Spec §4 "Reset clears it": after a result, the next visit starts from an empty form. */
export function resetDraft(flow: FlowTool) {
  publish(flow, { restored: true, draft: emptyDraft(flow), photo: null });
  removeStored(browserStorage(), flow.storageKeys.draft);
}

export function useFlowDraft(flow: FlowTool) {
  const subscribe = useCallback(
    (listener: () => void) => {
      const entry = entryFor(flow);
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [flow],
  );
  const snapshot = useSyncExternalStore(
    subscribe,
    () => entryFor(flow).snapshot,
    () => serverSnapshotFor(flow),
  );
  const updateDraft = useCallback((draft: FlowDraft) => saveDraft(flow, draft), [flow]);
  const updatePhoto = useCallback((photo: DraftPhoto | null) => savePhoto(flow, photo), [flow]);
  return { ...snapshot, updateDraft, updatePhoto };
}

/** Signing out forgets the drafts of this tab too, not only what local storage holds. */
export function forgetAllFlowDrafts() {
  entries.clear();
}
