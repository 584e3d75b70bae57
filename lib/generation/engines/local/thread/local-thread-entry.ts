import { parentPort } from "node:worker_threads";
import { measurePhoto } from "../../../photo-check/measure-photo";
import { JobFailure } from "../../../errors";
import { lowerThisThreadPriority } from "@/lib/scheduling/background-thread";
import { getVisionModels } from "@/lib/vision/vision-models";
import { productBackground } from "../product/render-product";
import { renderLocalJob } from "../render-local-job";
import type { FromThread, ThreadError, ThreadTask, ToThread } from "./thread-protocol";

/**
 * The local engine's thread (see local-thread.ts): runs one task per message, several may be
 * in progress (they interleave at their awaits; model inference itself is serialised), and a
 * "cancel" aborts the task's signal.
 */

const port = parentPort;
if (!port) throw new Error("local-thread-entry must run as a worker thread");
// Requests first: a busy engine must not slow starting a generation on a small server.
lowerThisThreadPriority();

const running = new Map<number, AbortController>();
const send = (message: FromThread) => port.postMessage(message);

function toThreadError(error: unknown): ThreadError {
  if (error instanceof JobFailure) return { name: error.name, message: error.message, reasonKey: error.reasonKey, detail: error.detail };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}

async function run(id: number, request: ThreadTask, signal: AbortSignal) {
  switch (request.task) {
    case "render":
      return renderLocalJob(request.job, { signal, onProgress: (percent) => send({ kind: "progress", id, percent }) });
    case "measurePhoto":
      return measurePhoto(request.image, { pose: request.pose });
    case "productBackground":
      return productBackground(request.image);
    case "warm":
      return { loadMs: (await getVisionModels()).loadMs };
  }
}

port.on("message", (message: ToThread) => {
  if (message.kind === "cancel") {
    running.get(message.id)?.abort(new Error("cancelled"));
    return;
  }
  const controller = new AbortController();
  running.set(message.id, controller);
  run(message.id, message.request, controller.signal)
    .then((result) => send({ kind: "done", id: message.id, result }))
    .catch((error: unknown) => send({ kind: "failed", id: message.id, error: toThreadError(error) }))
    .finally(() => running.delete(message.id));
});
