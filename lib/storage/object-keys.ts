import { createHash, randomBytes } from "node:crypto";
import { InvalidObjectKeyError } from "./types";

/**
 * Storage keys look like `<owner>/<kind>/<random>.<ext>`: the owner first so one prefix lists
 * (or deletes) everything a person stored, 144 random bits so a key cannot be guessed, and
 * nothing taken from the uploaded file's name, so `../` or control characters never reach a
 * path. Keys are validated again wherever they are read.
 */
export const objectKinds = ["originals", "results"] as const;
export type ObjectKind = (typeof objectKinds)[number];
export type StoredImageExtension = "jpg" | "png";

const plainOwnerId = /^[A-Za-z0-9-]{1,64}$/;
const segment = "[A-Za-z0-9_~-][A-Za-z0-9_.~-]{0,127}";
const keyPattern = new RegExp(`^${segment}(?:/${segment}){1,7}$`);
const prefixPattern = new RegExp(`^(?:${segment}/){1,7}$`);

/**
 * The key segment of an owner: the id itself when it is URL- and path-safe (our ids are UUIDs),
 * otherwise `~` and a hash of it (`~` never starts a plain id, so the two cannot collide).
 */
export function ownerSegment(ownerId: string): string {
  if (plainOwnerId.test(ownerId)) return ownerId;
  return `~${createHash("sha256").update(ownerId, "utf8").digest("base64url").slice(0, 32)}`;
}

export function ownerPrefix(ownerId: string): string {
  return `${ownerSegment(ownerId)}/`;
}

export function createObjectKey(ownerId: string, kind: ObjectKind, extension: StoredImageExtension): string {
  return `${ownerSegment(ownerId)}/${kind}/${randomBytes(18).toString("base64url")}.${extension}`;
}

export function isValidObjectKey(key: string): boolean {
  return keyPattern.test(key) && !key.split("/").some((part) => part === "." || part === "..");
}

export function assertValidObjectKey(key: string): void {
  if (!isValidObjectKey(key)) throw new InvalidObjectKeyError(key);
}

/** A listing prefix: an owner's (or deeper), or "" for every object (the sweep of unreferenced files). */
export function assertValidPrefix(prefix: string): void {
  if (prefix === "") return;
  if (!prefixPattern.test(prefix) || prefix.split("/").some((part) => part === "." || part === "..")) {
    throw new InvalidObjectKeyError(prefix);
  }
}

/** True for a key this app creates (`<owner>/<kind>/<random>.<ext>`); anything else in a shared bucket is not ours. */
export function isAppObjectKey(key: string): boolean {
  const [owner, kind, name, ...rest] = key.split("/");
  return (
    rest.length === 0 &&
    owner !== undefined &&
    name !== undefined &&
    objectKinds.some((candidate) => candidate === kind) &&
    isValidObjectKey(key) &&
    /^[\w-]+\.(?:jpg|png)$/.test(name)
  );
}

/**
 * Resized copies of an image (lib/images/image-variant-cache.ts) live in one folder per source:
 * `<owner>/variants/<kind>/<name>/w<width>.<ext>` for `<owner>/<kind>/<name>.<ext>`, so an image's
 * copies are listed and deleted together, and the sweep can tell which source a copy belongs to.
 */
export function imageVariantFolder(sourceKey: string): string {
  if (!isAppObjectKey(sourceKey)) throw new InvalidObjectKeyError(sourceKey);
  const [owner, kind, file = ""] = sourceKey.split("/");
  return `${owner}/variants/${kind}/${file.slice(0, file.lastIndexOf("."))}/`;
}

const variantKeyPattern = /^([^/]+)\/variants\/([^/]+)\/([\w-]+)\/w\d+\.(?:webp|jpg|png)$/;

/** The keys the source of a resized copy may have (its extension is not in the copy's key); null for any other key. */
export function imageVariantSourceKeys(key: string): string[] | null {
  const match = variantKeyPattern.exec(key);
  if (!match || !isValidObjectKey(key)) return null;
  const [, owner, kind, name] = match;
  const candidates = [`${owner}/${kind}/${name}.jpg`, `${owner}/${kind}/${name}.png`];
  return candidates.every(isAppObjectKey) ? candidates : null;
}

export function keyBelongsToOwner(key: string, ownerId: string): boolean {
  return key.startsWith(ownerPrefix(ownerId));
}

const contentTypes: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
};

/** The local backend keeps no metadata beside a file, so the type follows from the extension we chose. */
export function contentTypeForKey(key: string): string {
  const extension = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return contentTypes[extension] ?? "application/octet-stream";
}
