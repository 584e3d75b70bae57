import type { Readable } from "node:stream";

/**
 * Private object storage for images. Two backends implement it (local disk and S3-compatible)
 * and pass the same contract tests. Keys come from object-keys.ts: random, owner id first.
 */
export interface StoredObject {
  body: Readable;
  contentType: string;
  /** In bytes; undefined when the backend did not say (an S3 answer without Content-Length). */
  size: number | undefined;
}

export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface SignedUrlOptions {
  /** Seconds the URL stays valid; capped at MAX_SIGNED_URL_SECONDS. */
  expiresInSeconds: number;
  /** When set, the response asks the browser to save the file under this name. */
  downloadFileName?: string;
}

/** S3 does not sign URLs valid for more than a week; the local backend follows the same rule. */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 60 * 60;

export interface ObjectStorage {
  readonly kind: "local" | "s3";
  put(key: string, data: Buffer, options: { contentType: string }): Promise<void>;
  /** The object as a stream, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removing a missing object is not an error, so retries and sweeps are safe. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (an owner prefix from object-keys.ts; "" for all). */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** A URL that serves the object without a session until it expires. */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string>;
}

export class InvalidObjectKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = "InvalidObjectKeyError";
  }
}
