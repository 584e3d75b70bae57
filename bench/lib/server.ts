import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

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

/** Builds once per bench run unless a build is already there (BENCH_REBUILD=1 forces one). */
export function ensureBuild(): void {
  if (existsSync(".next/BUILD_ID") && process.env.BENCH_REBUILD !== "1") return;
  const result = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("next build failed");
}

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** `next start` on a free port with a fresh data folder, resolved once /api/health answers. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  const child: ChildProcess = spawn("npx", ["next", "start", "-H", "127.0.0.1", "-p", String(port)], {
    // A production server refuses to start without AUTH_SECRET; a throw-away one serves here.
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, AUTH_SECRET: randomBytes(32).toString("hex"), ...extraEnv },
    stdio: "ignore",
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
      throw new Error("The benchmark server did not become healthy within 120 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    async stop() {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 500));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
