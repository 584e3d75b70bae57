import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Password hashing with scrypt from node:crypto. A hash records its own parameters
 * ("scrypt$N$r$p$salt$key", base64url), so they can be raised later without breaking old ones.
 */

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** 64 MiB and about 0.2 s per hash on one core: slow for guessing, bearable for sign-in. */
const defaultParams: ScryptParams = { N: 2 ** 16, r: 8, p: 1 };
const keyLength = 64;
const saltLength = 16;

function deriveKey(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is below that.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, params: ScryptParams = defaultParams): Promise<string> {
  const salt = randomBytes(saltLength);
  const key = await deriveKey(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

function parseHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | undefined {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(params).every((value) => Number.isSafeInteger(value) && value > 0)) return undefined;
  return { params, salt: Buffer.from(salt, "base64url"), key: Buffer.from(key, "base64url") };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await deriveKey(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real check when there is no password to check (unknown email, Google-only
 * account), so response times do not reveal which emails have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("dummy password that matches nothing");
  await verifyPassword(password, await dummyHash);
  return false;
}
