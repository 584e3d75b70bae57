import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { signLocalFileUrl, verifyLocalFileGrant } from "@/lib/storage/local-file-signature";
import { resolveFilesSigningSecret } from "@/lib/storage/signing-secret";

const secret = "s".repeat(40);

function grantOf(url: string) {
  const parsed = new URL(url);
  return {
    grant: {
      key: parsed.pathname.replace("/api/files/", ""),
      expires: Number(parsed.searchParams.get("expires")),
      downloadFileName: parsed.searchParams.get("filename") ?? undefined,
    },
    signature: parsed.searchParams.get("signature") ?? "",
  };
}

describe("local signed file URLs", () => {
  const now = 1_700_000_000;
  const url = signLocalFileUrl("http://app.test", secret, { key: "owner/results/abc.png", expires: now + 60, downloadFileName: "a b.png" });

  it("verify until they expire", () => {
    const { grant, signature } = grantOf(url);
    expect(grant.downloadFileName).toBe("a b.png");
    expect(verifyLocalFileGrant(secret, grant, signature, now)).toBe(true);
    expect(verifyLocalFileGrant(secret, grant, signature, now + 60)).toBe(true);
    expect(verifyLocalFileGrant(secret, grant, signature, now + 61)).toBe(false);
  });

  it("fail when any part was changed or another key signed them", () => {
    const { grant, signature } = grantOf(url);
    expect(verifyLocalFileGrant(secret, { ...grant, key: "owner/results/other.png" }, signature, now)).toBe(false);
    expect(verifyLocalFileGrant(secret, { ...grant, expires: grant.expires + 3600 }, signature, now)).toBe(false);
    expect(verifyLocalFileGrant(secret, { ...grant, downloadFileName: undefined }, signature, now)).toBe(false);
    expect(verifyLocalFileGrant("t".repeat(40), grant, signature, now)).toBe(false);
    expect(verifyLocalFileGrant(secret, grant, "", now)).toBe(false);
  });
});

describe("resolveFilesSigningSecret", () => {
  it("uses the configured secret", () => {
    expect(resolveFilesSigningSecret(secret, "/nonexistent")).toBe(secret);
  });

  it("otherwise creates one private random key in the data folder and keeps it", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "signing-"));
    const first = resolveFilesSigningSecret(undefined, dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveFilesSigningSecret(undefined, dataDir)).toBe(first);
    const file = path.join(dataDir, "secrets", "files-signing.key");
    expect(readFileSync(file, "utf8")).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(resolveFilesSigningSecret(undefined, mkdtempSync(path.join(os.tmpdir(), "signing-")))).not.toBe(first);
  });
});
