import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, stopGroup } from "../../../bench/lib/server";
import { e2eAuthSecret } from "../../../playwright.config";

/**
 * A `next start` of the e2e build with a configuration of the test's own (the shared servers of
 * playwright.config.ts cannot be reconfigured per test), on a free port and a fresh data folder,
 * with everything it prints kept so a test can read the server log.
 */
export interface OwnServer {
  url: string;
  /** Everything the server wrote to stdout and stderr so far. */
  log(): string;
  stop(): Promise<void>;
}

export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-own-server-"));
  const output: string[] = [];
  const child = spawn("npx", ["next", "start", "-H", "127.0.0.1", "-p", String(port)], {
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, AUTH_SECRET: e2eAuthSecret, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopGroup(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`next start did not come up on ${url}:\n${output.join("")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, log: () => output.join(""), stop };
}
