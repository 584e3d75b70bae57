import { beforeEach, expect, it, vi } from "vitest";
import type { Database } from "@/db/client";
import { deleteAccount } from "@/lib/privacy/delete-account";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import { createUserWithData, storageBackends } from "./privacy-fixtures";

/**
 * A session cookie outlives the account it was issued for; lib/auth/session.ts must then treat
 * the visitor as signed out. The cookie itself is simulated: auth() answers with its user and session.
 */
const state = vi.hoisted(() => ({
  db: undefined as Database | undefined,
  session: undefined as { user: { id: string }; sessionId: string } | undefined,
}));
vi.mock("@/lib/auth/auth", () => ({ auth: async () => state.session ?? null }));
vi.mock("@/db", () => ({
  getDb: () => {
    if (!state.db) throw new Error("no test database");
    return state.db;
  },
}));
vi.mock("@/lib/auth/auth.config", () => ({ requestPathHeader: "x-request-path" }));
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

describeEachDatabase("the session of a deleted account", (ctx) => {
  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    state.db = ctx.db;
  });

  it("counts as signed out once the account is deleted", async () => {
    const { storage, stop } = await storageBackends[0]!.start();
    try {
      const user = await createUserWithData(ctx.db, storage);
      const { startServerSession } = await import("@/lib/auth/server-sessions");
      state.session = { user: { id: user.id }, sessionId: await startServerSession(ctx.db, { userId: user.id, now: new Date() }) };
      const { getSessionUser } = await import("@/lib/auth/session");
      expect(await getSessionUser()).toEqual({ id: user.id, email: user.email });

      await deleteAccount({ db: ctx.db, storage }, user.id);

      expect(await getSessionUser()).toBeNull();
    } finally {
      await stop();
    }
  });
});
