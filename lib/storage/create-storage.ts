import path from "node:path";
import type { Env } from "@/lib/env";
import { LocalDiskStorage } from "./local-disk-storage";
import { S3Storage } from "./s3-storage";
import { resolveFilesSigningSecret } from "./signing-secret";
import type { ObjectStorage } from "./types";

/**
 * The storage the environment asks for: S3 when S3_BUCKET is set, else local disk in
 * `$DATA_DIR/files`. Shared by the server (lib/storage/index.ts) and the scripts (retention),
 * so it has no "server-only" guard.
 */
export type StorageEnv = Pick<
  Env,
  | "DATA_DIR"
  | "APP_URL"
  | "FILES_SIGNING_SECRET"
  | "S3_BUCKET"
  | "S3_ENDPOINT"
  | "S3_REGION"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
  | "STORAGE_TIMEOUT_MS"
>;

export function localFilesRoot(dataDir: string): string {
  return path.resolve(dataDir, "files");
}

export function createStorage(config: StorageEnv): ObjectStorage {
  if (config.S3_BUCKET) {
    const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
    if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
      throw new Error("Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither to use the AWS default credentials.");
    }
    return new S3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE === "true",
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      timeoutMs: config.STORAGE_TIMEOUT_MS,
    });
  }
  let secret: string | undefined;
  return new LocalDiskStorage({
    root: localFilesRoot(config.DATA_DIR),
    publicBaseUrl: config.APP_URL,
    signingSecret: () => (secret ??= resolveFilesSigningSecret(config.FILES_SIGNING_SECRET, config.DATA_DIR)),
  });
}
