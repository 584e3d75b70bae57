"use client";

import { useSyncExternalStore } from "react";
import { browserStorage, readStoredJson, removeStored, writeStoredJson } from "@/lib/flows/draft-storage";

/**
 * A wizard draft shared by the step pages of one tool (spec §4 Drafts): restored from local
 * storage on first use, saved there on every change (quota handling in writeStoredJson), and
 * followed by every mounted step through useSyncExternalStore. The photos are too large for
 * local storage and live in IndexedDB instead (draft-photo-store.ts).
 */

export interface DraftSnapshot<Value> {
  /** False during server rendering and hydration, before local storage has been read. */
  restored: boolean;
  value: Value;
}

export interface LocalDraftStoreOptions<Value> {
  storageKey: string;
  empty(): Value;
  /** The value read back from storage; anything unreadable falls back field by field. */
  parse(stored: unknown): Value;
  /** What goes into storage. */
  toStored(value: Value): unknown;
}

export interface LocalDraftStore<Value> {
  useDraft(): DraftSnapshot<Value>;
  save(value: Value): void;
  current(): Value;
  /** Spec §4 "Reset clears it". */
  reset(): void;
}

/** Every store of this tab: signing out forgets what they hold in memory too. */
const forgetters = new Set<() => void>();

export function forgetAllDrafts() {
  for (const forget of forgetters) forget();
}

export function createLocalDraftStore<Value>(options: LocalDraftStoreOptions<Value>): LocalDraftStore<Value> {
  let snapshot: DraftSnapshot<Value> | null = null;
  let serverSnapshot: DraftSnapshot<Value> | null = null;
  const listeners = new Set<() => void>();

  function read(): DraftSnapshot<Value> {
    if (!snapshot) {
      const stored = readStoredJson(browserStorage(), options.storageKey);
      snapshot = { restored: true, value: stored === null ? options.empty() : options.parse(stored) };
    }
    return snapshot;
  }

  function publish(value: Value) {
    snapshot = { restored: true, value };
    for (const listener of listeners) listener();
  }

  forgetters.add(() => {
    snapshot = null;
  });

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const getServerSnapshot = () => (serverSnapshot ??= { restored: false, value: options.empty() });

  return {
    useDraft: () => useSyncExternalStore(subscribe, read, getServerSnapshot),
    save(value) {
      publish(value);
      writeStoredJson(browserStorage(), options.storageKey, options.toStored(value));
    },
    current: () => read().value,
    reset() {
      publish(options.empty());
      removeStored(browserStorage(), options.storageKey);
    },
  };
}

