import { readdirSync } from "node:fs";
import { setPriority } from "node:os";

/**
 * Lets all CPU work of the calling process (the local engine's: its JavaScript, V8's compiler
 * and collector, the libuv and libvips threads of its image work) yield to the app's request
 * handling in the server process. On Linux each thread has a nice value of its own and a new
 * thread takes its creator's, so lowering every thread running now covers those started later
 * too; elsewhere setPriority(0) is the whole process's. Returns whether it was lowered.
 */
export const backgroundNice = 10;

export function lowerThisProcessPriority(): boolean {
  try {
    if (process.platform !== "linux") {
      setPriority(backgroundNice);
      return true;
    }
    for (const threadId of readdirSync("/proc/self/task")) {
      try {
        setPriority(Number(threadId), backgroundNice);
      } catch {
        // The thread ended meanwhile.
      }
    }
    return true;
  } catch {
    return false;
  }
}
