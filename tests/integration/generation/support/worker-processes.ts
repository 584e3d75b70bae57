import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openPostgres, type OpenDatabase } from "@/db/client";
import { waitFor } from "@/tests/helpers/generation";

/**
 * Worker processes on a throw-away PostgreSQL database, for the tests that need real processes
 * (several workers on one queue, a killed or signalled worker).
 */

export const adminUrl = process.env.TEST_DATABASE_URL;

export interface WorkerProcess {
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

export interface ProcessDatabase {
  url: string;
  database: OpenDatabase;
  drop(): Promise<void>;
}

export async function createProcessDatabase(): Promise<ProcessDatabase> {
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `vitest_${Math.floor(Date.now() / 1000)}_${randomBytes(5).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end({ timeout: 5 });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), { max: 5 });
  await database.migrate();
  return {
    url: url.toString(),
    database,
    async drop() {
      await database.close();
      const cleanup = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists "${name}" with (force)`);
      await cleanup.end({ timeout: 5 });
    },
  };
}

/**
 * Starts `entry` under tsx and resolves once it printed `readyText`. `react-server` lets the
 * server-only modules load outside Next.js, as they do in the server.
 */
export function spawnWorkerProcess(
  env: Record<string, string>,
  options: { entry?: string; readyText?: string; reactServer?: boolean } = {},
): Promise<WorkerProcess> {
  const args = [...(options.reactServer ? ["--conditions=react-server"] : []), "--import", "tsx", options.entry ?? "scripts/worker.ts"];
  const child = spawn(process.execPath, args, {
    cwd: process.cwd(),
    env: { NODE_ENV: "test", PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString("utf8").split("\n").filter(Boolean));
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const readyText = options.readyText ?? "[worker] started";
  return waitFor(async () => output.some((line) => line.includes(readyText)), 30_000).then(() => ({ child, output, exited }));
}

/** The worker process whose id (host:pid:random) holds a job. */
export function holderOf(workers: readonly WorkerProcess[], lockedBy: string | null): WorkerProcess | undefined {
  return workers.find((worker) => lockedBy?.includes(`:${worker.child.pid}:`));
}
