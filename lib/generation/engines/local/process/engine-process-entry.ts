import { parentPort } from "node:worker_threads";
import { lowerThisProcessPriority } from "@/lib/scheduling/background-process";
import type { FromEngine, ToEngine } from "./engine-protocol";

/**
 * The local engine's process (see engine-process.ts): runs one task per message, several may be
 * in progress (they interleave at their awaits; model inference itself is serialised), and a
 * "cancel" aborts the task's signal.
 *
 * Next.js bundles this file only as a worker thread's entry (`new Worker(new URL(...))`), so
 * the app starts it once as a thread to learn where the bundle is (a worker's process.argv[1]);
 * that thread only answers with the path and ends, before any of the engine's code is loaded.
 */

if (parentPort) parentPort.postMessage(process.argv[1]);
else serve();

function serve() {
  const send = process.send?.bind(process);
  if (!send) throw new Error("engine-process-entry must run as a child process with an IPC channel");
  // The app went away (stopped or crashed): so does its engine.
  process.on("disconnect", () => process.exit(0));
  // A signal to the app's whole process group (Ctrl-C, a service manager) is the app's to handle:
  // it hands its running jobs back to the queue (stop-on-signals.ts), which a job that failed
  // first would not be, and then goes, and the engine with it.
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => {});
  // Requests first: a busy engine must not slow starting a generation on a small server.
  lowerThisProcessPriority();
  const tasks = import("./run-task");
  const running = new Map<number, AbortController>();
  process.on("message", (message: ToEngine) => {
    if (message.kind === "cancel") {
      running.get(message.id)?.abort(new Error("cancelled"));
      return;
    }
    const { id, request } = message;
    const controller = new AbortController();
    running.set(id, controller);
    void tasks.then(({ runTask, toEngineError }) =>
      runTask(request, { signal: controller.signal, onProgress: (percent) => send({ kind: "progress", id, percent } satisfies FromEngine) })
        .then((result) => send({ kind: "done", id, result } satisfies FromEngine))
        .catch((error: unknown) => send({ kind: "failed", id, error: toEngineError(error) } satisfies FromEngine))
        .finally(() => running.delete(id)),
    );
  });
}
