import path from "node:path";
import { readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { backgroundNice } from "@/lib/scheduling/background-thread";

/** Field 19 of /proc/<pid>/task/<tid>/stat, counted after the command name in parentheses. */
function niceOf(statFile: string): number {
  const stat = readFileSync(statFile, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}

const modulePath = path.resolve("lib/scheduling/background-thread.ts");

/** Runs lowerThisThreadPriority in a fresh worker thread (as the local engine's thread does); its answer and nice value. */
function lowerInWorker(): Promise<{ lowered: boolean; nice: number }> {
  const code = `
    const { parentPort } = require("node:worker_threads");
    const { readFileSync } = require("node:fs");
    require("tsx/cjs/api").register();
    const { lowerThisThreadPriority } = require(${JSON.stringify(modulePath)});
    const lowered = lowerThisThreadPriority();
    const stat = readFileSync("/proc/thread-self/stat", "utf8");
    parentPort.postMessage({ lowered, nice: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]) });
  `;
  const worker = new Worker(code, { eval: true });
  return new Promise((resolve, reject) => {
    worker.once("message", (message: { lowered: boolean; nice: number }) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

describe.runIf(process.platform === "linux")("lowerThisThreadPriority", () => {
  it("lowers the priority of the thread that calls it, not the rest of the process", async () => {
    const mainBefore = niceOf("/proc/thread-self/stat");
    expect(mainBefore).toBeLessThan(backgroundNice);
    expect(await lowerInWorker()).toEqual({ lowered: true, nice: backgroundNice });
    expect(niceOf("/proc/thread-self/stat")).toBe(mainBefore);
  });
});
