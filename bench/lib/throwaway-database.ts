import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openPostgres, type OpenDatabase } from "@/db/client";
import { benchEnv } from "./bench-env";

/** An empty PostgreSQL database for one benchmark, created beside the tests' ones on the same server. */
export interface ThrowawayDatabase {
  url: string;
  /** A migrated connection for the benchmark's own setup and checks. */
  open(): Promise<OpenDatabase>;
  /** Closes what `open` opened and drops the database, even with connections still open. */
  drop(): Promise<void>;
}

async function asAdmin(statement: string): Promise<void> {
  const admin = postgres(benchEnv.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

export async function createThrowawayDatabase(prefix: string): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString("hex")}`;
  await asAdmin(`create database "${name}"`);
  const url = new URL(benchEnv.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const opened: OpenDatabase[] = [];
  return {
    url: url.toString(),
    async open() {
      const database = openPostgres(url.toString(), { max: 10 });
      opened.push(database);
      await database.migrate();
      return database;
    },
    async drop() {
      await Promise.all(opened.map((database) => database.close()));
      await asAdmin(`drop database if exists "${name}" with (force)`);
    },
  };
}
