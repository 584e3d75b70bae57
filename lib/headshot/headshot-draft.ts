import {
  ageRanges,
  defaultHeadshotStyleIds,
  genders,
  headshotStyles,
  maxHeadshotStyles,
  type AgeRange,
  type Gender,
} from "@/lib/generation/catalog";
import { cashPackTypes, headshotCreditPackageIds, type CashPackType, type HeadshotCreditPackageId } from "@/lib/catalog/headshot-packages";
import { storedChoice, storedRecord } from "@/lib/flows/stored-values";

/**
 * The Headshot Pro wizard data of spec §3, kept in local storage between the steps and across
 * reloads. The compressed photo (its data URL) is part of the draft the steps see, but it is
 * kept in IndexedDB (decision 22), not in local storage, where it would not fit. Pure functions
 * shared by the step pages and the tests.
 */

export type HeadshotPackageId = HeadshotCreditPackageId | CashPackType;

export interface HeadshotDraft {
  photoDataUrl: string | null;
  gender: Gender | null;
  ageRange: AgeRange | null;
  styleIds: number[];
  packageId: HeadshotPackageId | null;
}

export const headshotDraftStorageKey = "headshotDraft";

export function emptyHeadshotDraft(): HeadshotDraft {
  return { photoDataUrl: null, gender: null, ageRange: null, styleIds: [...defaultHeadshotStyleIds], packageId: null };
}

const packageIds: readonly HeadshotPackageId[] = [...headshotCreditPackageIds, ...cashPackTypes];

const isStyleId = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= headshotStyles.length;

/** The stored styles' ids ([{ id }, ...]); none when any entry is broken. */
function storedStyleIds(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const ids = value.map((style) => storedRecord(style)?.id);
  return ids.every(isStyleId) ? ids : [];
}

/**
 * A draft read back from storage, without its photo (which comes from IndexedDB); an
 * unreadable one starts over, a broken field falls back.
 */
export function parseStoredHeadshotDraft(stored: unknown): HeadshotDraft {
  // The stored shape uses the spec's field names (selectedStyles, selectedPackage, ...).
  const fields = storedRecord(stored);
  if (!fields) return emptyHeadshotDraft();
  const styleIds = [...new Set(storedStyleIds(fields.selectedStyles))].slice(0, maxHeadshotStyles);
  return {
    photoDataUrl: null,
    gender: storedChoice(genders, fields.gender),
    ageRange: storedChoice(ageRanges, fields.ageRange),
    styleIds: styleIds.length > 0 ? styleIds : [...defaultHeadshotStyleIds],
    packageId: storedChoice(packageIds, storedRecord(fields.selectedPackage)?.id),
  };
}

/** What local storage keeps: everything but the photo. */
export function storableHeadshotDraft(draft: HeadshotDraft, numberShots: number | null): Record<string, unknown> {
  return {
    gender: draft.gender,
    ageRange: draft.ageRange,
    selectedStyles: draft.styleIds.map((id) => ({ id, name: headshotStyles[id - 1]?.name ?? "" })),
    selectedPackage: draft.packageId === null ? null : { id: draft.packageId },
    number_shots: numberShots,
  };
}

/**
 * Ticks a style on or off. At most five may be chosen (a sixth is refused: null) and the
 * last one cannot be removed (spec §5: at least one).
 */
export function toggleHeadshotStyle(styleIds: readonly number[], id: number): number[] | null {
  if (styleIds.includes(id)) return styleIds.length > 1 ? styleIds.filter((chosen) => chosen !== id) : null;
  return styleIds.length < maxHeadshotStyles ? [...styleIds, id] : null;
}

/** The wizard's steps and what each needs from the ones before it (spec §4 Headshot wizard). */
export type HeadshotStep = "step1" | "step2" | "step3" | "step4" | "payment";

export function isReadyFor(step: HeadshotStep, draft: HeadshotDraft): boolean {
  const hasPhoto = draft.photoDataUrl !== null;
  const hasPerson = hasPhoto && draft.gender !== null && draft.ageRange !== null;
  const hasStyles = hasPerson && draft.styleIds.length >= 1 && draft.styleIds.length <= maxHeadshotStyles;
  const needs: Record<HeadshotStep, boolean> = {
    step1: true,
    step2: hasPhoto,
    step3: hasPerson,
    step4: hasStyles,
    payment: hasStyles,
  };
  return needs[step];
}

/** The options createGenerationAction checks with the headshot tool's schema. */
export function headshotGenerationOptions(draft: HeadshotDraft, packageId: HeadshotPackageId) {
  return { gender: draft.gender, ageRange: draft.ageRange, styleIds: draft.styleIds, packageId };
}
