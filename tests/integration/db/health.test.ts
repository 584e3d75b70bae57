import { createServer, type Server, type Socket } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { isReachable, type Database } from "@/db/client";
import * as schema from "@/db/schema";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "@/tests/helpers/test-db";

// The route reads the app's database through getDb(); point it at the test's database instead.
const state = vi.hoisted(() => ({ db: undefined as Database | undefined }));
vi.mock("@/db", () => ({
  getDb: () => {
    if (!state.db) throw new Error("no database configured");
    return state.db;
  },
}));

const { GET, dynamic } = await import("@/app/api/health/route");

describe.each(testDatabaseKinds())("health [%s]", (kind) => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase(kind, { migrate: false });
    state.db = database.db;
  });

  afterEach(async () => {
    // The test disposes the database itself; this only cleans up after a failure.
    await database.dispose().catch(() => {});
  });

  it("is reachable while the client is open and not after it is closed", async () => {
    expect(await isReachable(database.db)).toBe(true);
    const response = await GET();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });

    await database.dispose();
    expect(await isReachable(database.db)).toBe(false);
    const after = await GET();
    expect(after.status).toBe(503);
    expect(await after.json()).toEqual({ status: "unavailable" });
  });
});

describe("health", () => {
  // A server that accepts connections and never answers, like a database behind a dead network.
  let silent: Server;
  const sockets = new Set<Socket>();
  let port = 0;
  beforeAll(async () => {
    silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    if (address === null || typeof address === "string") throw new Error("no port");
    port = address.port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("gives up on a database that does not answer in time", async () => {
    const client = postgres(`postgres://user@127.0.0.1:${port}/db`, { max: 1 });
    const started = Date.now();
    expect(await isReachable(drizzle(client, { schema }), 200)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    await client.end({ timeout: 0 });
  });

  it("answers 503 when the database cannot even be opened", async () => {
    state.db = undefined;
    const response = await GET();
    expect(response.status).toBe(503);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("is always rendered on request", () => {
    expect(dynamic).toBe("force-dynamic");
  });
});
