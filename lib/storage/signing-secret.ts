import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The key for local signed file URLs: FILES_SIGNING_SECRET when set, otherwise a random key
 * created once in `<dataDir>/secrets/files-signing.key` (mode 600). There is no built-in default,
 * so a deployment can never run with a key that is published in this repository; servers that
 * share one DATA_DIR (the only way they can share local files) share the key file too.
 */
export function resolveFilesSigningSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.resolve(dataDir, "secrets", "files-signing.key");
  try {
    return readExisting(file);
  } catch (error) {
    if (!isMissingFile(error)) throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Written whole to a temporary file, then linked into place: link fails if another process
  // got there first (its key wins), and nobody ever reads a half-written key.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(temporary, randomBytes(32).toString("base64url"), { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) throw error;
  } finally {
    unlinkSync(temporary);
  }
  return readExisting(file);
}

function readExisting(file: string): string {
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable key; delete it to create a new one`);
  return secret;
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ENOENT";
}
