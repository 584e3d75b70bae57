import { describe, expect, it } from "vitest";
import { readStoredJson, removeStored, writeStoredJson, type KeyValueStorage } from "@/lib/flows/draft-storage";

/** A storage that holds at most `capacity` characters in total, like a browser's quota. */
function limitedStorage(capacity: number, initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  const size = () => [...items.values()].reduce((total, value) => total + value.length, 0);
  const storage: KeyValueStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      const others = size() - (items.get(key)?.length ?? 0);
      if (others + value.length > capacity) throw new DOMException("full", "QuotaExceededError");
      items.set(key, value);
    },
    removeItem: (key) => void items.delete(key),
  };
  return { storage, items };
}

describe("draft storage", () => {
  it("writes and reads JSON", () => {
    const { storage } = limitedStorage(1000);
    expect(writeStoredJson(storage, "hairChangerDraft", { gender: "male" })).toBe(true);
    expect(readStoredJson(storage, "hairChangerDraft")).toEqual({ gender: "male" });
    removeStored(storage, "hairChangerDraft");
    expect(readStoredJson(storage, "hairChangerDraft")).toBeNull();
  });

  it("reads unparsable or missing values as nothing", () => {
    const { storage } = limitedStorage(1000, { broken: "{not json" });
    expect(readStoredJson(storage, "broken")).toBeNull();
    expect(readStoredJson(null, "anything")).toBeNull();
  });

  it("clears the key and retries once when the quota is exceeded (spec §4)", () => {
    // The old value takes most of the quota; a plain overwrite would not fit next to it.
    const { storage, items } = limitedStorage(40, { aiProductDraft: "x".repeat(30) });
    const originalSet = storage.setItem;
    let attempts = 0;
    storage.setItem = (key, value) => {
      attempts += 1;
      if (attempts === 1) throw new DOMException("full", "QuotaExceededError");
      originalSet(key, value);
    };
    expect(writeStoredJson(storage, "aiProductDraft", { prompt: "desk" })).toBe(true);
    expect(attempts).toBe(2);
    expect(items.get("aiProductDraft")).toBe('{"prompt":"desk"}');
  });

  it("gives up without throwing when even the retry does not fit, or storage is unavailable", () => {
    const { storage } = limitedStorage(5);
    expect(writeStoredJson(storage, "aiProductDraft", { prompt: "a long prompt" })).toBe(false);
    expect(writeStoredJson(null, "aiProductDraft", {})).toBe(false);
  });

  it("does not retry other errors", () => {
    let attempts = 0;
    const storage: KeyValueStorage = {
      getItem: () => null,
      setItem: () => {
        attempts += 1;
        throw new Error("SecurityError");
      },
      removeItem: () => undefined,
    };
    expect(writeStoredJson(storage, "k", 1)).toBe(false);
    expect(attempts).toBe(1);
  });
});
