import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { previewEngineEnv, resultsDatabaseUrl, resultsDataDir } from "../../../playwright.config";

/**
 * The back end of the results journeys (see playwright.config.ts): starting generations for an
 * account and running the real generation worker (scripts/worker.ts) against the results
 * server's PostgreSQL database and file folder, as separate processes.
 */

export const hasResultsBackend = resultsDatabaseUrl !== undefined;

const tsxBin = path.join(process.cwd(), "node_modules", ".bin", "tsx");

function backendEnv(): NodeJS.ProcessEnv {
  if (!resultsDatabaseUrl) throw new Error("E2E_RESULTS_DATABASE_URL is not set");
  return {
    ...process.env,
    DATABASE_URL: resultsDatabaseUrl,
    DATA_DIR: resultsDataDir,
    NODE_ENV: "production",
    MIGRATE_ON_START: "false",
    WORKER_POLL_INTERVAL_MS: "100",
    ...previewEngineEnv,
  };
}

/** Collects a child's output and resolves with it when it exits (rejects on a failure). */
function finished(child: ChildProcess, what: string): Promise<string> {
  let output = "";
  let errors = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`${what} exited with ${code}: ${errors}`))));
  });
}

export type E2eTool = "ai_product" | "hair_changer" | "body_shaper" | "headshot_pro";

/** Runs a support script with the account's email and returns the generation id it prints. */
async function generationFrom(script: string, args: string[]): Promise<string> {
  const child = spawn(tsxBin, ["--conditions=react-server", `tests/e2e/support/${script}.ts`, ...args], {
    env: backendEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = await finished(child, script);
  const line = output.trim().split("\n").at(-1) ?? "";
  const parsed: unknown = JSON.parse(line);
  if (typeof parsed !== "object" || parsed === null || !("id" in parsed) || typeof parsed.id !== "string") {
    throw new Error(`unexpected output: ${output}`);
  }
  return parsed.id;
}

/** Starts a generation of `tool` for the account with this email; its credits are taken now. */
export function startGeneration(email: string, tool: E2eTool): Promise<string> {
  return generationFrom("start-generation", [email, tool]);
}

/**
 * A finished Headshot Pro generation of 10 shots whose stand-in engine failed the likeness guard
 * at two positions (likeness-job.ts): one was made again, one could not be delivered.
 */
export function runLikenessJob(email: string): Promise<string> {
  return generationFrom("likeness-job", [email]);
}

export interface RunningJobWorker {
  stop(): Promise<void>;
}

/** Runs `npm run worker` until stopped: pending jobs are claimed and run with the preview engine. */
export async function startJobWorker(): Promise<RunningJobWorker> {
  // Its own process group, so stopping it reaches tsx's node child as well.
  const child = spawn(tsxBin, ["scripts/worker.ts"], { env: backendEnv(), stdio: ["ignore", "pipe", "pipe"], detached: true });
  const exited = finished(child, "worker");
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the worker did not start within 60 s")), 60_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("[worker] started")) {
        clearTimeout(timer);
        resolve();
      }
    });
    exited.catch((error: unknown) => {
      clearTimeout(timer);
      reject(error instanceof Error ? error : new Error(String(error)));
    });
  });
  return {
    async stop() {
      // The worker hands running jobs back and exits; SIGKILL only if it hangs.
      const group = child.pid;
      if (group === undefined) return;
      process.kill(-group, "SIGTERM");
      const killer = setTimeout(() => process.kill(-group, "SIGKILL"), 15_000);
      await exited.catch(() => undefined);
      clearTimeout(killer);
    },
  };
}
