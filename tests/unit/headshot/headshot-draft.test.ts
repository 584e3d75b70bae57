import { describe, expect, it } from "vitest";
import {
  emptyHeadshotDraft,
  headshotGenerationOptions,
  isReadyFor,
  parseStoredHeadshotDraft,
  storableHeadshotDraft,
  toggleHeadshotStyle,
  type HeadshotDraft,
} from "@/lib/headshot/headshot-draft";

const photo = "data:image/jpeg;base64,/9j/4AAQ";
const complete: HeadshotDraft = { photoDataUrl: photo, gender: "female", ageRange: "26_35", styleIds: [1, 3, 8], packageId: "popular" };

describe("the Headshot Pro draft", () => {
  it("starts with styles 1-4 chosen and nothing else", () => {
    expect(emptyHeadshotDraft()).toEqual({ photoDataUrl: null, gender: null, ageRange: null, styleIds: [1, 2, 3, 4], packageId: null });
  });

  it("is stored with the spec's field names, without the photo (IndexedDB keeps it), and read back the same", () => {
    const stored = storableHeadshotDraft(complete, 25);
    expect(stored).toEqual({
      gender: "female",
      ageRange: "26_35",
      selectedStyles: [
        { id: 1, name: "Corporate / Executive" },
        { id: 3, name: "Studio Clean" },
        { id: 8, name: "Outdoor / Natural Light" },
      ],
      selectedPackage: { id: "popular" },
      number_shots: 25,
    });
    expect(parseStoredHeadshotDraft(JSON.parse(JSON.stringify(stored)))).toEqual({ ...complete, photoDataUrl: null });
    // A photo left in local storage by an earlier version is not read back from there.
    expect(parseStoredHeadshotDraft({ ...stored, uploadedImageUrl: photo }).photoDataUrl).toBeNull();
  });

  it("drops what it cannot trust field by field, and starts over from garbage", () => {
    expect(parseStoredHeadshotDraft("nonsense")).toEqual(emptyHeadshotDraft());
    expect(
      parseStoredHeadshotDraft({
        uploadedImageUrl: "javascript:alert(1)",
        gender: "robot",
        ageRange: "18_25",
        selectedStyles: [{ id: 11 }],
        selectedPackage: { id: "1000_headshots" },
      }),
    ).toEqual({ photoDataUrl: null, gender: null, ageRange: "18_25", styleIds: [1, 2, 3, 4], packageId: null });
    const tooMany = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id }));
    expect(parseStoredHeadshotDraft({ selectedStyles: [...tooMany, { id: 1 }] }).styleIds).toEqual([1, 2, 3, 4, 5]);
  });

  it("allows one to five styles: a sixth and removing the last are refused", () => {
    expect(toggleHeadshotStyle([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleHeadshotStyle([1, 2], 2)).toEqual([1]);
    expect(toggleHeadshotStyle([1, 2, 3, 4, 5], 6)).toBeNull();
    expect(toggleHeadshotStyle([7], 7)).toBeNull();
  });

  it("says which steps the draft is ready for (spec §4: incomplete data goes back to step 1)", () => {
    const empty = emptyHeadshotDraft();
    expect(isReadyFor("step1", empty)).toBe(true);
    expect(isReadyFor("step2", empty)).toBe(false);
    expect(isReadyFor("step2", { ...empty, photoDataUrl: photo })).toBe(true);
    expect(isReadyFor("step3", { ...empty, photoDataUrl: photo, gender: "male" })).toBe(false);
    expect(isReadyFor("step4", complete)).toBe(true);
    expect(isReadyFor("payment", { ...complete, styleIds: [] })).toBe(false);
    expect(isReadyFor("payment", { ...complete, ageRange: null })).toBe(false);
  });

  it("sends the tool's options with the package", () => {
    expect(headshotGenerationOptions(complete, "10_headshots")).toEqual({
      gender: "female",
      ageRange: "26_35",
      styleIds: [1, 3, 8],
      packageId: "10_headshots",
    });
  });
});
