"use client";

import { useMemo } from "react";
import { setDraftPhoto, useDraftPhoto } from "@/components/flows/draft/draft-photo-store";
import { createLocalDraftStore } from "@/components/flows/draft/local-draft-store";
import { findCashPack, findHeadshotCreditPackage } from "@/lib/catalog/headshot-packages";
import { headshotPro } from "@/lib/generation/tool-catalog";
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

/** The Headshot Pro fields of this browser, shared by every step page (spec §3, §4 Drafts). */
const headshotFieldsStore = createLocalDraftStore<HeadshotDraft>({
  storageKey: headshotDraftStorageKey,
  empty: emptyHeadshotDraft,
  parse: parseStoredHeadshotDraft,
  toStored: (draft) => storableHeadshotDraft(draft, numberOfShots(draft)),
});

/** The draft with its photo, which is kept apart in IndexedDB (decision 22). */
export function useHeadshotDraft() {
  const fields = headshotFieldsStore.useDraft();
  const photo = useDraftPhoto(headshotPro.id);
  const draft = useMemo(() => ({ ...fields.value, photoDataUrl: photo.dataUrl }), [fields.value, photo.dataUrl]);
  return { restored: fields.restored && photo.loaded, draft };
}

export function updateHeadshotDraft({ photoDataUrl, ...fields }: Partial<HeadshotDraft>) {
  if (photoDataUrl !== undefined) setDraftPhoto(headshotPro.id, photoDataUrl);
  if (Object.keys(fields).length > 0) headshotFieldsStore.save({ ...headshotFieldsStore.current(), ...fields });
}
