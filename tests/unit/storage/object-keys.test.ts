import { describe, expect, it } from "vitest";
import {
  assertValidPrefix,
  isAppObjectKey,
  contentTypeForKey,
  createObjectKey,
  isValidObjectKey,
  keyBelongsToOwner,
  ownerPrefix,
} from "@/lib/storage/object-keys";

const owner = "0b7a2f7e-4f0c-4c1e-9d7e-3f1f2c0a9b11";

describe("object keys", () => {
  it("start with the owner and end with 144 random bits", () => {
    const key = createObjectKey(owner, "originals", "jpg");
    expect(key).toMatch(new RegExp(`^${owner}/originals/[A-Za-z0-9_-]{24}\\.jpg$`));
    expect(keyBelongsToOwner(key, owner)).toBe(true);
    expect(keyBelongsToOwner(key, "someone-else")).toBe(false);
    expect(createObjectKey(owner, "originals", "jpg")).not.toBe(key);
    expect(isValidObjectKey(key)).toBe(true);
  });

  it("hash an owner id that is not path-safe, without colliding with plain ids", () => {
    const prefix = ownerPrefix("../../etc/passwd\u0000");
    expect(prefix).toMatch(/^~[A-Za-z0-9_-]{32}\/$/);
    expect(isValidObjectKey(`${prefix}results/abc.png`)).toBe(true);
  });

  it("refuse traversal, absolute paths, control characters and empty segments", () => {
    for (const key of [
      "../secret.jpg",
      "owner/../../secret.jpg",
      "/etc/passwd",
      "owner//x.jpg",
      "owner/x.jpg\u0000",
      "owner\\..\\x.jpg",
      "owner/.hidden",
      "single-segment.jpg",
      "",
    ]) {
      expect(isValidObjectKey(key), key).toBe(false);
    }
    expect(() => assertValidPrefix("../")).toThrow();
    expect(() => assertValidPrefix("owner")).toThrow();
    expect(() => assertValidPrefix(`${owner}/`)).not.toThrow();
    expect(() => assertValidPrefix("")).not.toThrow();
  });

  it("tell the app's own keys from other objects in a shared bucket", () => {
    expect(isAppObjectKey(createObjectKey(owner, "originals", "jpg"))).toBe(true);
    expect(isAppObjectKey(createObjectKey(owner, "results", "png"))).toBe(true);
    expect(isAppObjectKey(`${owner}/exports/a.jpg`)).toBe(false);
    expect(isAppObjectKey(`${owner}/results/a.txt`)).toBe(false);
    expect(isAppObjectKey(`${owner}/results/deeper/a.jpg`)).toBe(false);
    expect(isAppObjectKey("backups/2025/db.dump")).toBe(false);
  });

  it("give each extension its content type", () => {
    expect(contentTypeForKey("a/b/c.png")).toBe("image/png");
    expect(contentTypeForKey("a/b/c.jpg")).toBe("image/jpeg");
    expect(contentTypeForKey("a/b/c.bin")).toBe("application/octet-stream");
  });
});
