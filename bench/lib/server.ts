import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { env } from "@/lib/env";
import { benchEnv } from "./bench-env";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

let built = false;

/**
 * Builds into NEXT_DIST_DIR (next.config.ts reads it too) unless a build is already there;
 * BENCH_REBUILD=1 forces one, once per bench run however many suites ask.
 */
export function ensureBuild(): void {
  if (built) return;
  if (benchEnv.BENCH_REBUILD === "1" || !existsSync(path.join(env.NEXT_DIST_DIR, "BUILD_ID"))) {
    const result = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
    if (result.status !== 0) throw new Error("next build failed");
  }
  built = true;
}

export interface RunningServer {
  baseUrl: string;
  /** Its DATA_DIR: local file storage lives in its "files" folder. */
  dataDir: string;
  stop(): Promise<void>;
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops npx and the Next.js server it started (one process group) and waits until all of them
 * are gone, so that a database dropped next is no longer in use; SIGKILL after 15 s.
 */
export async function stopGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined || !groupAlive(pid)) return;
  process.kill(-pid, "SIGTERM");
  const deadline = Date.now() + 15_000;
  while (groupAlive(pid)) {
    if (Date.now() > deadline) process.kill(-pid, "SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface ServerOptions {
  /** Environment on top of the bench's own. */
  env?: Record<string, string>;
  /** Another Next.js project than this checkout (the blank baseline app). */
  projectDir?: string;
  /** The path that answers 200 once the server is ready. */
  readyPath?: string;
}

/**
 * `next start` on a free port with a fresh data folder, resolved once `readyPath` answers. Its
 * output goes to a log file that outlives the run, for reading when a figure looks wrong.
 */
export async function startServer({ env: extraEnv = {}, projectDir, readyPath = "/api/health" }: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  const logFile = path.join(os.tmpdir(), `bench-server-${port}.log`);
  console.log(`next start on port ${port}, log in ${logFile}`);
  const log = openSync(logFile, "w");
  const project = projectDir ? [projectDir] : [];
  const child: ChildProcess = spawn("npx", ["next", "start", ...project, "-H", "127.0.0.1", "-p", String(port)], {
    // A production server refuses to start without AUTH_SECRET; a throw-away one serves here.
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, AUTH_SECRET: randomBytes(32).toString("hex"), ...extraEnv },
    stdio: ["ignore", log, log],
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}${readyPath}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopGroup(child);
      throw new Error(`The benchmark server did not answer ${readyPath} within 120 s (log: ${logFile})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    dataDir,
    async stop() {
      await stopGroup(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
