import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { JobFailure } from "../../../errors";
import type { FromThread, ThreadError, ThreadResults, ThreadTask, ToThread } from "./thread-protocol";

/**
 * The one thread of the local engine (per process): it loads the models once and does all the
 * pixel work, so the app's event loop keeps answering requests while images are made. Started
 * on first use, restarted after a crash; every call can be aborted.
 */

interface PendingCall {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  onProgress?(percent: number): void;
}

interface RunningThread {
  worker: Worker;
  pending: Map<number, PendingCall>;
}

const globalKey = Symbol.for("ai-image-studio.local-engine-thread");
type GlobalWithThread = typeof globalThis & { [globalKey]?: RunningThread };

let nextCallId = 1;

function toError(error: ThreadError): Error {
  if (error.reasonKey) return new JobFailure(error.reasonKey, error.detail ?? error.message);
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  return rebuilt;
}

/**
 * Built by Next.js, the worker entry is bundled with the app (Turbopack bundles
 * `new Worker(new URL(...))`). Run from source (tests, tsx scripts such as the standalone
 * worker), the entry is TypeScript, which a worker can only load after registering tsx's loader
 * itself. NEXT_RUNTIME tells them apart; it is read straight from process.env on purpose, as in
 * instrumentation.ts: Next.js replaces it at compile time (import.meta.url cannot tell, as
 * Turbopack rewrites it to the source file's path).
 */
function createWorker(): Worker {
  if (process.env.NEXT_RUNTIME === "nodejs") return new Worker(new URL("./local-thread-entry.ts", import.meta.url));
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), "local-thread-entry.ts");
  return new Worker(`require("tsx/cjs/api").register(); require(${JSON.stringify(entry)});`, { eval: true });
}

function startThread(): RunningThread {
  const worker = createWorker();
  const running: RunningThread = { worker, pending: new Map() };
  worker.on("message", (message: FromThread) => {
    const call = running.pending.get(message.id);
    if (!call) return;
    if (message.kind === "progress") call.onProgress?.(message.percent);
    else {
      running.pending.delete(message.id);
      if (message.kind === "done") call.resolve(message.result);
      else call.reject(toError(message.error));
    }
  });
  const failAll = (error: Error) => {
    const store = globalThis as GlobalWithThread;
    if (store[globalKey] === running) store[globalKey] = undefined;
    for (const call of running.pending.values()) call.reject(error);
    running.pending.clear();
  };
  worker.on("error", (error) => failAll(error));
  worker.on("exit", (code) => failAll(new Error(`The local engine thread stopped (exit code ${code})`)));
  // An idle thread must not keep a script or a test run alive.
  worker.unref();
  return running;
}

function thread(): RunningThread {
  const store = globalThis as GlobalWithThread;
  store[globalKey] ??= startThread();
  return store[globalKey];
}

export function runInLocalThread<Task extends ThreadTask>(
  request: Task,
  options: { signal?: AbortSignal; onProgress?(percent: number): void } = {},
): Promise<ThreadResults[Task["task"]]> {
  const { worker, pending } = thread();
  const id = nextCallId++;
  return new Promise<ThreadResults[Task["task"]]>((resolve, reject) => {
    const signal = options.signal;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      pending.delete(id);
      worker.postMessage({ kind: "cancel", id } satisfies ToThread);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    const settle = () => {
      signal?.removeEventListener("abort", onAbort);
      if (pending.size === 0) worker.unref();
    };
    pending.set(id, {
      resolve: (value) => {
        settle();
        resolve(value as ThreadResults[Task["task"]]);
      },
      reject: (error) => {
        settle();
        reject(error);
      },
      onProgress: options.onProgress,
    });
    // Referenced while it has work, so a script waiting for a result is not cut short.
    worker.ref();
    worker.postMessage({ kind: "run", id, request } satisfies ToThread);
  });
}

/** Stops the thread (tests and benchmarks that measure a cold start). */
export async function stopLocalThread(): Promise<void> {
  const store = globalThis as GlobalWithThread;
  const running = store[globalKey];
  store[globalKey] = undefined;
  if (running) await running.worker.terminate();
}
