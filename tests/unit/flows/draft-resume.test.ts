import { describe, expect, it } from "vitest";
import { draftResumeStorageKey, forgetDraftResume, readDraftResume, rememberDraftResume } from "@/lib/flows/draft-resume";
import type { KeyValueStorage } from "@/lib/flows/draft-storage";

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe("the way back to a draft after buying credits", () => {
  it("remembers the step a tool's draft was left on, and forgets it", () => {
    const storage = memoryStorage();
    rememberDraftResume(storage, { tool: "hair_changer", path: "/hair-changer/step2" });
    expect(readDraftResume(storage)).toEqual({ tool: "hair_changer", path: "/hair-changer/step2" });
    forgetDraftResume(storage);
    expect(readDraftResume(storage)).toBeNull();
  });

  it("keeps only same-site paths of known tools", () => {
    const stored = (value: unknown) => memoryStorage({ [draftResumeStorageKey]: JSON.stringify(value) });
    expect(readDraftResume(stored({ tool: "headshot_pro", path: "/headshot-pro/payment" }))).toEqual({
      tool: "headshot_pro",
      path: "/headshot-pro/payment",
    });
    for (const path of ["https://evil.example/step2", "//evil.example/x", "/hair-changer/step2?x=1", "javascript:alert(1)", ""]) {
      expect(readDraftResume(stored({ tool: "hair_changer", path })), path).toBeNull();
    }
    expect(readDraftResume(stored({ tool: "edit", path: "/dashboard" }))).toBeNull();
    expect(readDraftResume(memoryStorage({ [draftResumeStorageKey]: "{broken" }))).toBeNull();
    expect(readDraftResume(null)).toBeNull();
  });
});
