import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import postgres from "postgres";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openPostgres, pgliteDatabase } from "@/db/client";

/**
 * Vitest globalSetup of the integration tests: runs the migrations once per run, into a PGlite
 * whose data folder is saved to a file and into a PostgreSQL template database (when
 * TEST_DATABASE_URL is set). Each test database then starts as a copy of these
 * (tests/helpers/test-db.ts), which costs a fraction of a fresh PGlite plus every migration.
 */

declare module "vitest" {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data folder (PGlite's dumpDataDir). */
    migratedPgliteFile: string;
    /** A migrated PostgreSQL database nobody connects to, for CREATE DATABASE … TEMPLATE. */
    migratedPostgresTemplate: string | undefined;
  }
}

export const testDatabasePrefix = "vitest_";

/** <prefix><unix seconds>_<random>: tests/helpers/test-db.ts drops those a crashed run left behind. */
export function testDatabaseName(suffix = ""): string {
  return `${testDatabasePrefix}${Math.floor(Date.now() / 1000)}_${randomBytes(5).toString("hex")}${suffix}`;
}

async function migratedPgliteFile(folder: string): Promise<string> {
  const client = new PGlite();
  try {
    await pgliteDatabase(client).migrate();
    const file = path.join(folder, "migrated-pglite.tar");
    writeFileSync(file, new Uint8Array(await (await client.dumpDataDir("none")).arrayBuffer()));
    return file;
  } finally {
    await client.close();
  }
}

async function onAdminConnection(adminUrl: string, statement: string): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

async function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  const name = testDatabaseName("_template");
  await onAdminConnection(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), { max: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return name;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "vitest-templates-"));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const [pgliteFile, postgresTemplate] = await Promise.all([
    migratedPgliteFile(folder),
    adminUrl ? migratedPostgresTemplate(adminUrl) : undefined,
  ]);
  project.provide("migratedPgliteFile", pgliteFile);
  project.provide("migratedPostgresTemplate", postgresTemplate);
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (adminUrl && postgresTemplate) {
      await onAdminConnection(adminUrl, `drop database if exists "${postgresTemplate}" with (force)`);
    }
  };
}
