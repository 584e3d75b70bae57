import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";

/**
 * Lets the calling thread's CPU work (the local engine's pixel and model work) yield to the
 * app's request handling: on Linux every thread has a nice value of its own, set through its
 * thread id, so the event loop and libuv's pool keep their priority. Elsewhere, or where the
 * system refuses, the thread keeps the process's priority. Returns whether it was lowered.
 */
export const backgroundNice = 10;

export function lowerThisThreadPriority(): boolean {
  try {
    // "/proc/thread-self" links to "<pid>/task/<tid>".
    const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (!Number.isInteger(threadId) || threadId <= 0) return false;
    setPriority(threadId, backgroundNice);
    return true;
  } catch {
    return false;
  }
}
