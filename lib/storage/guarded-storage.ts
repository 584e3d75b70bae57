import type { Readable } from "node:stream";
import { callOutside } from "@/lib/resilience/outside-call";
import { readBody } from "./read-body";
import type { ObjectStorage } from "./types";

/**
 * Storage as a running job uses it: every read, write and delete has its own time limit, ends
 * when the job's signal aborts, stays inside the job's deadline and is retried on transient
 * failures. Each of these calls is idempotent (a key is written with the same bytes, reads and
 * deletes repeat safely), so an attempt that ran out of time is retried too. Works the same over
 * local disk and S3.
 */

export interface StorageCallPolicy {
  signal?: AbortSignal;
  /** Milliseconds since the epoch. */
  deadline?: number;
  /** Time limit of one storage call (STORAGE_TIMEOUT_MS). */
  timeoutMs: number;
}

export interface GuardedStorage extends ObjectStorage {
  /** The whole object as bytes (read within the same time limit), or null when there is none. */
  read(key: string): Promise<{ data: Buffer; contentType: string } | null>;
}

async function readAll(body: Readable, signal: AbortSignal): Promise<Buffer> {
  const onAbort = () => body.destroy(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    return await readBody(body);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

export function guardStorage(storage: ObjectStorage, policy: StorageCallPolicy): GuardedStorage {
  const options = (name: string) => ({ ...policy, name: `storage ${name}`, retryTimeouts: true });
  return {
    kind: storage.kind,
    put: (key, data, putOptions) => callOutside(() => storage.put(key, data, putOptions), options("put")),
    get: (key) => callOutside(() => storage.get(key), options("get")),
    delete: (key) => callOutside(() => storage.delete(key), options("delete")),
    list: (prefix) => storage.list(prefix),
    signedUrl: (key, urlOptions) => storage.signedUrl(key, urlOptions),
    read: (key) =>
      callOutside(async (signal) => {
        const stored = await storage.get(key);
        if (!stored) return null;
        // Abandoned while opening: close the stream nobody will read.
        if (signal.aborted) stored.body.destroy();
        signal.throwIfAborted();
        return { data: await readAll(stored.body, signal), contentType: stored.contentType };
      }, options("read")),
  };
}
