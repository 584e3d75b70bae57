import "server-only";
import { env } from "@/lib/env";
import { createStorage } from "./create-storage";
import { resolveFilesSigningSecret } from "./signing-secret";
import type { ObjectStorage } from "./types";

export type { ListedObject, ObjectStorage, SignedUrlOptions, StoredObject } from "./types";

/** One storage client per process, kept on globalThis for the same reason as the database. */
const globalKey = Symbol.for("ai-image-studio.storage");
type GlobalWithStorage = typeof globalThis & { [globalKey]?: ObjectStorage };

export function getStorage(): ObjectStorage {
  const store = globalThis as GlobalWithStorage;
  store[globalKey] ??= createStorage(env);
  return store[globalKey];
}

let filesSigningSecret: string | undefined;

/** The key /api/files checks local signed URLs with (see signing-secret.ts). */
export function getFilesSigningSecret(): string {
  filesSigningSecret ??= resolveFilesSigningSecret(env.FILES_SIGNING_SECRET, env.DATA_DIR);
  return filesSigningSecret;
}
