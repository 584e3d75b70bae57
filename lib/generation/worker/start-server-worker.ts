import "server-only";
import { getDb } from "@/db";
import { env } from "@/lib/env";
import { getStorage } from "@/lib/storage";
import { getEngineDirectory } from "../engines/server-engines";
import { stopWorkerOnSignals } from "./stop-on-signals";
import { startWorker, type RunningWorker, type WorkerOptions } from "./worker";
import { workerSettings } from "./worker-settings";

/**
 * The worker inside an app server (WORKER_ENABLED, default true), started once from
 * instrumentation.ts, after Next.js registered its own SIGTERM/SIGINT handling: on those signals
 * the worker hands its running jobs back before Next.js closes the server and exits. Kept on
 * globalThis so a second load of this module (another bundle, a dev reload) never starts a
 * second worker in the same process.
 */
const globalKey = Symbol.for("ai-image-studio.generation-worker");
type GlobalWithWorker = typeof globalThis & { [globalKey]?: RunningWorker };

export function startServerWorker(hooks: Pick<WorkerOptions, "onJobSettled"> = {}): RunningWorker | undefined {
  if (env.WORKER_ENABLED !== "true") return undefined;
  const store = globalThis as GlobalWithWorker;
  if (!store[globalKey]) {
    const engines = getEngineDirectory();
    const worker = startWorker({
      db: getDb(),
      storage: getStorage(),
      resolveEngine: engines.forTool,
      engineNamed: engines.named,
      ...workerSettings(env),
      ...hooks,
    });
    stopWorkerOnSignals(worker, { log: console });
    store[globalKey] = worker;
  }
  return store[globalKey];
}
