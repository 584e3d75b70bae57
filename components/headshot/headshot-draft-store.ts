"use client";

import { createLocalDraftStore } from "@/components/flows/draft/local-draft-store";
import { findCashPack, findHeadshotCreditPackage } from "@/lib/catalog/headshot-packages";
import {
  emptyHeadshotDraft,
  headshotDraftStorageKey,
  parseStoredHeadshotDraft,
  storableHeadshotDraft,
  type HeadshotDraft,
} from "@/lib/headshot/headshot-draft";

function numberOfShots(draft: HeadshotDraft): number | null {
  if (draft.packageId === null) return null;
  return findHeadshotCreditPackage(draft.packageId)?.headshots ?? findCashPack(draft.packageId)?.headshots ?? null;
}

/** The Headshot Pro draft of this browser, shared by every step page (spec §3, §4 Drafts). */
export const headshotDraftStore = createLocalDraftStore<HeadshotDraft>({
  storageKey: headshotDraftStorageKey,
  empty: emptyHeadshotDraft,
  parse: parseStoredHeadshotDraft,
  toStored: (draft) => storableHeadshotDraft(draft, numberOfShots(draft)),
});

export function useHeadshotDraft() {
  const { restored, value } = headshotDraftStore.useDraft();
  return { restored, draft: value };
}

export function updateHeadshotDraft(change: Partial<HeadshotDraft>) {
  headshotDraftStore.save({ ...headshotDraftStore.current(), ...change });
}
