import { randomBytes } from "node:crypto";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { open, opendir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { signLocalFileUrl } from "./local-file-signature";
import { assertValidObjectKey, assertValidPrefix, contentTypeForKey } from "./object-keys";
import { MAX_SIGNED_URL_SECONDS, type ListedObject, type ObjectStorage, type SignedUrlOptions, type StoredObject } from "./types";

/**
 * Files under one folder (default `$DATA_DIR/files`), one file per key. Signed URLs point at the
 * app's own /api/files route, which checks the HMAC and the expiry before streaming the file.
 */
export interface LocalDiskStorageOptions {
  root: string;
  /** Origin the signed URLs start with (APP_URL). */
  publicBaseUrl: string;
  /** Read lazily: a server that never signs a URL never needs the key. */
  signingSecret: () => string;
}

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && "code" in error && error.code === code;
}

export class LocalDiskStorage implements ObjectStorage {
  readonly kind = "local" as const;
  private readonly root: string;

  constructor(private readonly options: LocalDiskStorageOptions) {
    this.root = path.resolve(options.root);
  }

  /** Keys are validated, and the resolved path must stay inside the root as a second guard. */
  private pathOf(key: string): string {
    assertValidObjectKey(key);
    const resolved = path.resolve(this.root, ...key.split("/"));
    if (!resolved.startsWith(this.root + path.sep)) throw new Error("Storage key escapes the root folder");
    return resolved;
  }

  async put(key: string, data: Buffer, options: { contentType: string }): Promise<void> {
    const target = this.pathOf(key);
    // No metadata is kept beside the file: its type is read back from the key's extension.
    if (contentTypeForKey(key) !== options.contentType) {
      throw new Error(`Content type ${options.contentType} does not match the key's extension`);
    }
    // Synchronous on purpose: the file goes to the page cache in well under a millisecond, while
    // each of the five asynchronous calls (mkdir, open, write, close, rename) waited its turn in
    // libuv's four threads behind the image work of every upload and of the worker (issue 16).
    mkdirSync(path.dirname(target), { recursive: true });
    // Write then rename, so a reader never sees half a file and a crash leaves only a temp file.
    const temporary = path.join(path.dirname(target), `.tmp-${randomBytes(8).toString("hex")}`);
    try {
      writeFileSync(temporary, data, { flag: "wx", mode: 0o600 });
      renameSync(temporary, target);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    let handle;
    try {
      handle = await open(this.pathOf(key), "r");
    } catch (error) {
      if (isErrorCode(error, "ENOENT")) return null;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      return { body: handle.createReadStream({ autoClose: true }), contentType: contentTypeForKey(key), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!isErrorCode(error, "ENOENT")) throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    assertValidPrefix(prefix);
    yield* this.walk(path.resolve(this.root, ...prefix.split("/").filter(Boolean)), prefix);
  }

  private async *walk(folder: string, keyPrefix: string): AsyncIterable<ListedObject> {
    let directory;
    try {
      directory = await opendir(folder);
    } catch (error) {
      if (isErrorCode(error, "ENOENT")) return;
      throw error;
    }
    for await (const entry of directory) {
      if (entry.name.startsWith(".")) continue; // temporary files of writes in progress
      const key = `${keyPrefix}${entry.name}`;
      const fullPath = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        yield* this.walk(fullPath, `${key}/`);
      } else if (entry.isFile()) {
        try {
          const info = await stat(fullPath);
          yield { key, size: info.size, lastModified: info.mtime };
        } catch (error) {
          if (!isErrorCode(error, "ENOENT")) throw error; // deleted while listing
        }
      }
    }
  }

  async signedUrl(key: string, options: SignedUrlOptions): Promise<string> {
    assertValidObjectKey(key);
    const seconds = Math.min(Math.max(1, Math.floor(options.expiresInSeconds)), MAX_SIGNED_URL_SECONDS);
    return signLocalFileUrl(this.options.publicBaseUrl, this.options.signingSecret(), {
      key,
      expires: Math.floor(Date.now() / 1000) + seconds,
      downloadFileName: options.downloadFileName,
    });
  }
}
