import { createDecipheriv, createHash, createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import type { JWT, JWTDecodeParams } from "next-auth/jwt";

/**
 * Auth.js's own `decode` (@auth/core/jwt) for the tokens Auth.js writes, on Node's synchronous
 * crypto with each secret's key derived once per process. Auth.js derives the key (HKDF) and
 * its thumbprint on every call and decrypts through WebCrypto, whose every step is a trip through
 * libuv's four threads, queued behind the image work of uploads and the generation worker
 * (issue 16). The checks are Auth.js's (jose's): JWE compact form, "dir" keys, A256CBC-HS512
 * (the only encryption Auth.js writes) authenticated before decrypting, the key the `kid`
 * names among the secrets (the first one's when it names none), a JSON object of claims and
 * the expiry with Auth.js's 15 s of clock tolerance. Anything else throws.
 *
 * Each request decodes its cookie twice (proxy.ts, then the page's session reader), and a
 * signed-in user sends the same cookie with every request: the plaintext of a token that passed
 * the checks is kept, so a token already authenticated is not decrypted again. Only tokens this
 * server's secrets opened enter the cache (a forged one throws first), and the time checks run
 * on every call.
 */

/** What Auth.js's encode writes in the protected header, and nothing else is accepted. */
const allowedHeaderKeys = new Set(["alg", "enc", "kid"]);
const keyBytes = 64;
const clockToleranceSeconds = 15;
const base64url = /^[A-Za-z0-9_-]*$/;

interface DerivedKey {
  macKey: Buffer;
  encryptionKey: Buffer;
  /** The JWK thumbprint (SHA-512, RFC 7638) that Auth.js writes as the token's `kid`. */
  thumbprint: string;
}

/** By salt (the cookie's name) and secret, both from the server: a handful of entries. */
const derivedKeys = new Map<string, DerivedKey>();

function derivedKey(secret: string, salt: string): DerivedKey {
  const cacheKey = JSON.stringify([salt, secret]);
  let key = derivedKeys.get(cacheKey);
  if (!key) {
    const bytes = Buffer.from(hkdfSync("sha256", secret, salt, `Auth.js Generated Encryption Key (${salt})`, keyBytes));
    const jwk = JSON.stringify({ k: bytes.toString("base64url"), kty: "oct" });
    key = {
      macKey: bytes.subarray(0, keyBytes / 2),
      encryptionKey: bytes.subarray(keyBytes / 2),
      thumbprint: createHash("sha512").update(jwk).digest("base64url"),
    };
    derivedKeys.set(cacheKey, key);
  }
  return key;
}

function decodePart(part: string): Buffer {
  if (!base64url.test(part)) throw new Error("not base64url");
  return Buffer.from(part, "base64url");
}

function parseJsonObject(bytes: Buffer): Record<string, unknown> {
  const value: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("not a JSON object");
  return value as Record<string, unknown>;
}

/** Plaintexts of authenticated tokens, by salt, secrets and token; the oldest leave first. */
const decryptedTokens = new Map<string, Buffer>();
const decryptedTokensLimit = 1000;

function decryptOnce(token: string, secrets: string[], salt: string): Buffer {
  const cacheKey = JSON.stringify([salt, secrets, token]);
  let plaintext = decryptedTokens.get(cacheKey);
  if (!plaintext) {
    plaintext = decrypt(token, secrets, salt);
    if (decryptedTokens.size >= decryptedTokensLimit) decryptedTokens.delete(decryptedTokens.keys().next().value ?? "");
    decryptedTokens.set(cacheKey, plaintext);
  }
  return plaintext;
}

function decrypt(token: string, secrets: string[], salt: string): Buffer {
  const parts = token.split(".");
  if (parts.length !== 5) throw new Error("not a compact JWE");
  const [headerPart = "", encryptedKey, ivPart = "", ciphertextPart = "", tagPart = ""] = parts;
  const header = parseJsonObject(decodePart(headerPart));
  if (Object.keys(header).some((name) => !allowedHeaderKeys.has(name))) throw new Error("unexpected JWE header");
  if (header.alg !== "dir" || header.enc !== "A256CBC-HS512" || encryptedKey !== "") throw new Error("not Auth.js's encryption");
  const kid = header.kid;
  if (kid !== undefined && typeof kid !== "string") throw new Error("invalid kid");
  const key = secrets.map((secret) => derivedKey(secret, salt)).find((candidate, index) => (kid === undefined ? index === 0 : candidate.thumbprint === kid));
  if (!key) throw new Error("no matching decryption secret");

  const iv = decodePart(ivPart);
  const ciphertext = decodePart(ciphertextPart);
  const tag = decodePart(tagPart);
  if (iv.length !== 16 || tag.length !== 32) throw new Error("invalid IV or tag");
  // RFC 7518 5.2.2.1: the MAC covers the header as sent, the IV, the ciphertext and the header's length in bits.
  const aad = Buffer.from(headerPart, "ascii");
  const aadBits = Buffer.alloc(8);
  aadBits.writeBigUInt64BE(BigInt(aad.length * 8));
  const expected = createHmac("sha512", key.macKey).update(aad).update(iv).update(ciphertext).update(aadBits).digest().subarray(0, 32);
  if (!timingSafeEqual(expected, tag)) throw new Error("JWE authentication failed");
  const decipher = createDecipheriv("aes-256-cbc", key.encryptionKey, iv);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
}

function numericDate(claims: Record<string, unknown>, name: "exp" | "nbf" | "iat"): number | undefined {
  const value = claims[name];
  if (value !== undefined && typeof value !== "number") throw new Error(`"${name}" claim must be a number`);
  return value;
}

export async function decodeSessionToken({ token, secret, salt }: JWTDecodeParams): Promise<JWT | null> {
  if (!token) return null;
  // Parsed on every call: callers get claims of their own (Auth.js's callbacks may change them).
  const claims = parseJsonObject(decryptOnce(token, Array.isArray(secret) ? secret : [secret], salt));
  const now = Math.floor(Date.now() / 1000);
  numericDate(claims, "iat");
  const notBefore = numericDate(claims, "nbf");
  if (notBefore !== undefined && notBefore > now + clockToleranceSeconds) throw new Error("token not yet valid");
  const expiry = numericDate(claims, "exp");
  if (expiry !== undefined && expiry <= now - clockToleranceSeconds) throw new Error("token expired");
  return claims;
}
