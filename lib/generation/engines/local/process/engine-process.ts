import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { JobFailure } from "../../../errors";
import type { FromEngine, EngineError, EngineResults, EngineTask, ToEngine } from "./engine-protocol";

/**
 * The local engine runs in a child process of its own (one per app process): it loads the
 * models once and does all the pixel work, so the app's event loop keeps answering requests
 * while images are made. Being a process, all of it runs at a background priority
 * (lib/scheduling/background-process.ts), the libvips and libuv threads of its image work
 * included, which in a thread of the app's own process would compete with requests at full
 * priority. Started on first use, started anew after a crash, ended with the app (it exits
 * when its IPC channel closes); every call can be aborted.
 */

interface PendingCall {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  onProgress?(percent: number): void;
}

interface RunningEngine {
  child: ChildProcess;
  pending: Map<number, PendingCall>;
}

const globalKey = Symbol.for("ai-image-studio.local-engine-process");
type GlobalWithEngine = typeof globalThis & { [globalKey]?: Promise<RunningEngine> };

let nextCallId = 1;

function toError(error: EngineError): Error {
  if (error.reasonKey) return new JobFailure(error.reasonKey, error.detail ?? error.message);
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  return rebuilt;
}

/**
 * Built by Next.js, the entry is bundled with the app only as a worker thread's entry
 * (Turbopack bundles `new Worker(new URL(...))`): started as a thread, it answers with its
 * bundle's path and ends (engine-process-entry.ts). Run from source (tests, tsx scripts such as
 * the standalone worker), the entry is TypeScript, run through tsx's loader. NEXT_RUNTIME tells
 * them apart; it is read straight from process.env on purpose, as in instrumentation.ts:
 * Next.js replaces it at compile time (import.meta.url cannot tell, as Turbopack rewrites it to
 * the source file's path).
 */
async function entry(): Promise<{ modulePath: string; execArgv: string[] }> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const [modulePath] = (await once(new Worker(new URL("./engine-process-entry.ts", import.meta.url)), "message")) as [string];
    return { modulePath, execArgv: [] };
  }
  return { modulePath: path.join(path.dirname(fileURLToPath(import.meta.url)), "engine-process-entry.ts"), execArgv: ["--import", "tsx"] };
}

/** Whether the engine keeps the app's event loop alive: only while it has work, so an idle engine does not keep a script or a test run from ending. */
function setReferenced(child: ChildProcess, referenced: boolean) {
  if (referenced) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

/** Starts the process; `forget` drops it once it has stopped, so the next call starts another. */
async function startEngine(forget: () => void): Promise<RunningEngine> {
  const { modulePath, execArgv } = await entry();
  // fork() with the IPC channel spelled out: Turbopack takes fork's path for a module to bundle
  // (vercel/next.js#97952). Structured clone ("advanced") carries the images as bytes.
  const child = spawn(process.execPath, [...execArgv, modulePath], { serialization: "advanced", stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const running: RunningEngine = { child, pending: new Map() };
  child.on("message", (message: FromEngine) => {
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
    forget();
    for (const call of running.pending.values()) call.reject(error);
    running.pending.clear();
  };
  child.on("error", (error) => failAll(error));
  child.on("exit", (code, signal) => failAll(new Error(`The local engine process stopped (${signal ?? `exit code ${code}`})`)));
  setReferenced(child, false);
  return running;
}

function engine(): Promise<RunningEngine> {
  const store = globalThis as GlobalWithEngine;
  if (!store[globalKey]) {
    const forget = () => {
      if (store[globalKey] === started) store[globalKey] = undefined;
    };
    const started = startEngine(forget);
    started.catch(forget);
    store[globalKey] = started;
  }
  return store[globalKey];
}

export async function runInEngineProcess<Task extends EngineTask>(
  request: Task,
  options: { signal?: AbortSignal; onProgress?(percent: number): void } = {},
): Promise<EngineResults[Task["task"]]> {
  options.signal?.throwIfAborted();
  const { child, pending } = await engine();
  const id = nextCallId++;
  return new Promise<EngineResults[Task["task"]]>((resolve, reject) => {
    const signal = options.signal;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      pending.delete(id);
      if (child.connected) child.send({ kind: "cancel", id } satisfies ToEngine);
      settle();
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    const settle = () => {
      signal?.removeEventListener("abort", onAbort);
      if (pending.size === 0) setReferenced(child, false);
    };
    const call: PendingCall = {
      resolve: (value) => {
        settle();
        resolve(value as EngineResults[Task["task"]]);
      },
      reject: (error) => {
        settle();
        reject(error);
      },
      onProgress: options.onProgress,
    };
    if (!child.connected) {
      call.reject(new Error("The local engine process stopped"));
      return;
    }
    pending.set(id, call);
    // Referenced while it has work, so a script waiting for a result is not cut short.
    setReferenced(child, true);
    child.send({ kind: "run", id, request } satisfies ToEngine, (error) => {
      if (!error || !pending.delete(id)) return;
      call.reject(error);
    });
  });
}

/** Stops the engine's process (tests and benchmarks that measure a cold start). */
export async function stopEngineProcess(): Promise<void> {
  const store = globalThis as GlobalWithEngine;
  const starting = store[globalKey];
  store[globalKey] = undefined;
  const running = await starting?.catch(() => undefined);
  if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
  const exited = once(running.child, "exit");
  // It leaves SIGTERM to the app (engine-process-entry.ts) and ends when its channel closes.
  running.child.disconnect();
  await exited;
}
