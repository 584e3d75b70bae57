import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

/**
 * Runs a TypeScript bench worker in its own Node process, so its memory figures are its own
 * and not the bench runner's. A worker reports by printing JSON lines on stdout.
 */
export interface Worker {
  child: ChildProcess;
  /** The next JSON line the worker prints. */
  nextMessage(): Promise<unknown>;
  stop(): Promise<void>;
}

export function startWorker(script: string, args: string[] = []): Worker {
  const child = spawn(
    process.execPath,
    ["--expose-gc", "--import", "tsx", path.join("bench", "workers", script), ...args],
    {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
    },
  );
  const queue: unknown[] = [];
  const waiting: ((message: unknown) => void)[] = [];
  let exited = false;
  const lines = createInterface({ input: child.stdout ?? process.stdin });
  lines.on("line", (line) => {
    if (!line.startsWith("{")) return;
    const message: unknown = JSON.parse(line);
    const resolve = waiting.shift();
    if (resolve) resolve(message);
    else queue.push(message);
  });
  const exit = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exit.then(() => {
    exited = true;
  });
  return {
    child,
    nextMessage() {
      if (queue.length > 0) return Promise.resolve(queue.shift());
      if (exited) return Promise.reject(new Error(`${script} exited without reporting`));
      return new Promise((resolve, reject) => {
        waiting.push(resolve);
        void exit.then(() => reject(new Error(`${script} exited without reporting`)));
      });
    },
    async stop() {
      if (!exited) child.kill("SIGTERM");
      await exit;
    },
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
