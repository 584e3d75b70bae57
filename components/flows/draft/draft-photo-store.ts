"use client";

import { useCallback, useEffect, useSyncExternalStore } from "react";
import { clearDraftPhotos, deleteDraftPhoto, readDraftPhoto, writeDraftPhoto, type DraftPhotoKey } from "@/lib/flows/draft-photos";

/**
 * The photo of each tool's draft as the step pages see it (decision 22): held in memory for
 * this tab and mirrored to IndexedDB, so it survives a reload, the detour to buy credits and
 * the checkout tab. The first page that asks reads it back; until then `loaded` is false, so
 * no step sends the user back for a photo that is still on its way.
 */

export interface DraftPhotoSnapshot {
  loaded: boolean;
  dataUrl: string | null;
}

interface Entry {
  snapshot: DraftPhotoSnapshot;
  /** Set once a read from disk has started; a change made meanwhile wins over what it reads. */
  reading: boolean;
  changedWhileReading: boolean;
}

const notLoaded: DraftPhotoSnapshot = { loaded: false, dataUrl: null };
const entries = new Map<DraftPhotoKey, Entry>();
const listeners = new Set<() => void>();

function entryFor(key: DraftPhotoKey): Entry {
  let entry = entries.get(key);
  if (!entry) {
    entry = { snapshot: notLoaded, reading: false, changedWhileReading: false };
    entries.set(key, entry);
  }
  return entry;
}

function publish(key: DraftPhotoKey, dataUrl: string | null) {
  const entry = entryFor(key);
  if (entry.reading) entry.changedWhileReading = true;
  entry.snapshot = { loaded: true, dataUrl };
  for (const listener of listeners) listener();
}

function load(key: DraftPhotoKey) {
  const entry = entryFor(key);
  if (entry.reading || entry.snapshot.loaded) return;
  entry.reading = true;
  void readDraftPhoto(key).then((dataUrl) => {
    entry.reading = false;
    if (entry.changedWhileReading) {
      entry.changedWhileReading = false;
      return;
    }
    publish(key, dataUrl);
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The tool's draft photo; `loaded` is false on the server and until IndexedDB answered. */
export function useDraftPhoto(key: DraftPhotoKey): DraftPhotoSnapshot {
  const subscribeAndLoad = useCallback(
    (listener: () => void) => {
      load(key);
      return subscribe(listener);
    },
    [key],
  );
  return useSyncExternalStore(
    subscribeAndLoad,
    () => entryFor(key).snapshot,
    () => notLoaded,
  );
}

function currentDraftPhoto(key: DraftPhotoKey): string | null {
  return entryFor(key).snapshot.dataUrl;
}

/** A new photo (or none): shown at once, kept on disk for the next visit. */
export function setDraftPhoto(key: DraftPhotoKey, dataUrl: string | null) {
  publish(key, dataUrl);
  void (dataUrl === null ? deleteDraftPhoto(key) : writeDraftPhoto(key, dataUrl));
}

/**
 * The generation started (decision 22): the photo leaves the disk but stays in this tab, so a
 * failed job can still be retried from the review without uploading again.
 */
export function releaseDraftPhoto(key: DraftPhotoKey) {
  void deleteDraftPhoto(key);
}

/** The draft is live again (the user went to buy credits with it): keep it on disk once more. */
export function keepDraftPhoto(key: DraftPhotoKey) {
  const dataUrl = currentDraftPhoto(key);
  if (dataUrl !== null) void writeDraftPhoto(key, dataUrl);
}

/** Signing out or deleting the account: no photo may reach the next account in this browser. */
export async function forgetAllDraftPhotos(): Promise<void> {
  // Known as "no photo" from now on, so no read still under way can bring one back.
  for (const key of entries.keys()) publish(key, null);
  await clearDraftPhotos();
}

/**
 * For a job that starts later than it was ordered (a cash pack waits for its payment): the
 * photo leaves the disk once `started` turns true, so a cancelled payment still finds it.
 */
export function useReleaseDraftPhotoWhenStarted(key: DraftPhotoKey, started: boolean) {
  useEffect(() => {
    if (started) releaseDraftPhoto(key);
  }, [key, started]);
}
