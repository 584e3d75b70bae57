import { base64url, calculateJwkThumbprint, jwtDecrypt } from "jose";
import type { JWT, JWTDecodeParams } from "next-auth/jwt";
import { hkdfSync } from "node:crypto";

/**
 * Auth.js's own `decode` (@auth/core/jwt), except that each secret's key is derived once per
 * process: Auth.js derives it (HKDF) and its thumbprint on every call, about a tenth of the
 * server's time per createGenerationAction under load (issue 16). Everything else is Auth.js's:
 * the same key derivation, the key the token's `kid` names among the secrets (the first one's
 * when it names none), JWE "dir" with A256CBC-HS512 or A256GCM only, and jose's checks of the
 * expiry (15 s of clock tolerance). Any token that fails them throws, as Auth.js's does.
 */

interface DerivedKey {
  bytes: Uint8Array;
  /** The JWK thumbprint Auth.js writes as the token's `kid`. */
  thumbprint: string;
}

interface ContentEncryption {
  keyBytes: number;
  /** The digest of the key's thumbprint: Auth.js picks the SHA with as many bits as the key. */
  thumbprintDigest: "sha256" | "sha512";
}

/** The content encryptions Auth.js reads; jose refuses every other `enc` before asking for a key. */
const contentEncryptions: Record<string, ContentEncryption> = {
  "A256CBC-HS512": { keyBytes: 64, thumbprintDigest: "sha512" },
  A256GCM: { keyBytes: 32, thumbprintDigest: "sha256" },
};

/**
 * By encryption, salt (the cookie's name) and secret: a handful of entries, as all three come
 * from the server (jose has already refused any other `enc` a token names).
 */
const derivedKeys = new Map<string, Promise<DerivedKey>>();

async function deriveKey(encryption: ContentEncryption, secret: string, salt: string): Promise<DerivedKey> {
  const info = `Auth.js Generated Encryption Key (${salt})`;
  const bytes = new Uint8Array(hkdfSync("sha256", secret, salt, info, encryption.keyBytes));
  const thumbprint = await calculateJwkThumbprint({ kty: "oct", k: base64url.encode(bytes) }, encryption.thumbprintDigest);
  return { bytes, thumbprint };
}

function derivedKey(enc: string, secret: string, salt: string): Promise<DerivedKey> {
  const encryption = contentEncryptions[enc];
  if (!encryption) throw new Error(`Unsupported JWT content encryption ${enc}`);
  const cacheKey = JSON.stringify([enc, salt, secret]);
  let key = derivedKeys.get(cacheKey);
  if (!key) {
    key = deriveKey(encryption, secret, salt);
    derivedKeys.set(cacheKey, key);
    // A failed derivation is tried again next time rather than remembered.
    key.catch(() => derivedKeys.delete(cacheKey));
  }
  return key;
}

export async function decodeSessionToken({ token, secret, salt }: JWTDecodeParams): Promise<JWT | null> {
  if (!token) return null;
  const secrets = Array.isArray(secret) ? secret : [secret];
  const { payload } = await jwtDecrypt<JWT>(
    token,
    async ({ kid, enc }) => {
      for (const candidate of secrets) {
        const key = await derivedKey(enc, candidate, salt);
        if (kid === undefined || kid === key.thumbprint) return key.bytes;
      }
      throw new Error("no matching decryption secret");
    },
    { clockTolerance: 15, keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: Object.keys(contentEncryptions) },
  );
  return payload;
}
