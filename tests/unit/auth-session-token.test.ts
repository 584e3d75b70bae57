import { base64url, EncryptJWT } from "jose";
import { decode, encode } from "next-auth/jwt";
import { hkdfSync } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { decodeSessionToken } from "@/lib/auth/session-token";

/**
 * The session reader's decode keeps each secret's derived key; it must accept and refuse
 * exactly the tokens Auth.js's own `decode` does, whatever keys it has already derived.
 */
const derivations = vi.hoisted(() => ({ count: 0, decryptions: 0 }));
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  return {
    ...actual,
    hkdfSync: (...args: Parameters<typeof actual.hkdfSync>) => {
      derivations.count += 1;
      return actual.hkdfSync(...args);
    },
    createDecipheriv: (...args: Parameters<typeof actual.createDecipheriv>) => {
      derivations.decryptions += 1;
      return actual.createDecipheriv(...args);
    },
  };
});

const salt = "authjs.session-token";
const secureSalt = "__Secure-authjs.session-token";
const secretA = "first secret of at least thirty-two characters";
const secretB = "second secret of at least thirty-two characters";
const claims = { sub: "user-1", sid: "session-1", email: "a@example.test" };

const encodeFor = (secret: string, options: { salt?: string; maxAge?: number } = {}) =>
  encode({ token: claims, secret, salt: options.salt ?? salt, maxAge: options.maxAge });

/** Both decoders' answers: the claims read, or null for a refused token. */
async function bothRead(token: string, secret: string | string[], tokenSalt = salt) {
  const ours = await decodeSessionToken({ token, secret, salt: tokenSalt }).catch(() => null);
  const authjs = await decode({ token, secret, salt: tokenSalt }).catch(() => null);
  return { ours, authjs };
}

function tamper(token: string, part: number): string {
  const parts = token.split(".");
  const bytes = base64url.decode(parts[part] ?? "");
  bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
  parts[part] = base64url.encode(bytes);
  return parts.join(".");
}

describe("decodeSessionToken", () => {
  it("reads what Auth.js wrote, derives each secret's key once and keeps the secrets apart", async () => {
    const before = derivations.count;
    const ofA = await encodeFor(secretA);
    const ofB = await encodeFor(secretB);
    for (let round = 0; round < 3; round++) {
      expect(await decodeSessionToken({ token: ofA, secret: secretA, salt })).toMatchObject(claims);
      expect(await decodeSessionToken({ token: ofB, secret: secretB, salt })).toMatchObject(claims);
      // A key already derived for the other secret never opens a token.
      await expect(decodeSessionToken({ token: ofA, secret: secretB, salt })).rejects.toThrow();
      await expect(decodeSessionToken({ token: ofB, secret: secretA, salt })).rejects.toThrow();
    }
    // One derivation per secret for this salt (Auth.js's encode above derives with the real crypto).
    expect(derivations.count - before).toBe(2);
  });

  it("decrypts a token once, but checks its expiry and hands out fresh claims on every read", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const token = await encodeFor(secretA, { maxAge: 60 });
      const before = derivations.decryptions;
      const first = await decodeSessionToken({ token, secret: secretA, salt });
      expect(first).toMatchObject(claims);
      if (first) first.sub = "changed by a caller";
      expect(await decodeSessionToken({ token, secret: secretA, salt })).toMatchObject(claims);
      expect(derivations.decryptions - before).toBe(1);
      // Past the expiry and Auth.js's 15 s of tolerance, the token read before is refused.
      vi.setSystemTime(Date.now() + 76_000);
      await expect(decodeSessionToken({ token, secret: secretA, salt })).rejects.toThrow("token expired");
    } finally {
      vi.useRealTimers();
    }
  });

  it("reads tokens of a rotated secret while it is still listed, and no longer once it is dropped", async () => {
    const old = await encodeFor(secretA);
    const current = await encodeFor(secretB);
    for (const token of [old, current]) {
      const { ours, authjs } = await bothRead(token, [secretB, secretA]);
      expect(ours).toMatchObject(claims);
      expect(authjs).toMatchObject(claims);
    }
    expect(await bothRead(old, [secretB])).toEqual({ ours: null, authjs: null });
  });

  it("refuses tampered tokens even with the key at hand", async () => {
    const valid = await encodeFor(secretA);
    expect((await bothRead(valid, secretA)).ours).toMatchObject(claims);
    // Header, initialisation vector, ciphertext and authentication tag.
    for (const part of [0, 2, 3, 4]) {
      expect(await bothRead(tamper(valid, part), secretA)).toEqual({ ours: null, authjs: null });
    }
    expect(await bothRead(`${valid}x`, secretA)).toEqual({ ours: null, authjs: null });
    expect(await bothRead(valid.split(".").slice(0, 4).join("."), secretA)).toEqual({ ours: null, authjs: null });
  });

  it("refuses expired tokens as Auth.js does, with its 15 seconds of clock tolerance", async () => {
    const expired = await encodeFor(secretA, { maxAge: -60 });
    expect(await bothRead(expired, secretA)).toEqual({ ours: null, authjs: null });
    const withinTolerance = await encodeFor(secretA, { maxAge: -5 });
    const { ours, authjs } = await bothRead(withinTolerance, secretA);
    expect(ours).toMatchObject(claims);
    expect(authjs).toMatchObject(claims);
  });

  it("refuses a token written for the other cookie name", async () => {
    const secure = await encodeFor(secretA, { salt: secureSalt });
    expect((await bothRead(secure, secretA, secureSalt)).ours).toMatchObject(claims);
    expect(await bothRead(secure, secretA, salt)).toEqual({ ours: null, authjs: null });
  });

  it("takes a token without kid with the first secret's key only, and refuses a kid no secret has", async () => {
    const key = new Uint8Array(hkdfSync("sha256", secretA, salt, `Auth.js Generated Encryption Key (${salt})`, 64));
    const encrypt = (header: { kid?: string }) =>
      new EncryptJWT(claims)
        .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", ...header })
        .setIssuedAt()
        .setExpirationTime("1h")
        .encrypt(key);
    const withoutKid = await encrypt({});
    expect((await bothRead(withoutKid, [secretA, secretB])).ours).toMatchObject(claims);
    expect(await bothRead(withoutKid, [secretB, secretA])).toEqual({ ours: null, authjs: null });
    expect(await bothRead(await encrypt({ kid: "unknown" }), secretA)).toEqual({ ours: null, authjs: null });
  });

  it("refuses a token of another key management or encryption than Auth.js's", async () => {
    const key = new Uint8Array(hkdfSync("sha256", secretA, salt, `Auth.js Generated Encryption Key (${salt})`, 32));
    const other = await new EncryptJWT(claims)
      .setProtectedHeader({ alg: "dir", enc: "A128CBC-HS256" })
      .setExpirationTime("1h")
      .encrypt(key);
    expect(await bothRead(other, secretA)).toEqual({ ours: null, authjs: null });
  });

  it("refuses what Auth.js never writes, even where Auth.js's decode would read it", async () => {
    const encryptWith = (keyBytes: number, header: Record<string, unknown>, payload: Record<string, unknown> = claims) => {
      const key = new Uint8Array(hkdfSync("sha256", secretA, salt, `Auth.js Generated Encryption Key (${salt})`, keyBytes));
      return new EncryptJWT(payload).setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", ...header }).encrypt(key);
    };
    // A256GCM, which Auth.js reads but never writes.
    const gcm = await encryptWith(32, { enc: "A256GCM" });
    expect((await bothRead(gcm, secretA)).ours).toBeNull();
    // Header fields besides alg, enc and kid.
    expect((await bothRead(await encryptWith(64, { typ: "JWT" }), secretA)).ours).toBeNull();
    // Claims jose would refuse too: a non-numeric expiry, a token not valid yet.
    expect(await bothRead(await encryptWith(64, {}, { ...claims, exp: "tomorrow" }), secretA)).toEqual({ ours: null, authjs: null });
    const notYet = { ...claims, nbf: Math.floor(Date.now() / 1000) + 3600 };
    expect(await bothRead(await encryptWith(64, {}, notYet), secretA)).toEqual({ ours: null, authjs: null });
  });
});
