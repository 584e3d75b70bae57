import { beforeEach, expect, it, vi } from "vitest";
import type { Database } from "@/db/client";
import { encode } from "next-auth/jwt";
import { authSecret } from "@/lib/auth/secret";
import { deleteAccount } from "@/lib/privacy/delete-account";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import { createUserWithData, storageBackends } from "./privacy-fixtures";

/**
 * A session cookie outlives the account it was issued for; lib/auth/session.ts must then treat
 * the visitor as signed out. The request carries a real session cookie, encrypted as Auth.js does.
 */
const state = vi.hoisted(() => ({
  db: undefined as Database | undefined,
  cookie: "",
}));
vi.mock("@/db", () => ({
  getDb: () => {
    if (!state.db) throw new Error("no test database");
    return state.db;
  },
}));
vi.mock("@/lib/auth/auth.config", () => ({ requestPathHeader: "x-request-path" }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ cookie: state.cookie, "x-forwarded-proto": "http" }) }));

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
      const sessionId = await startServerSession(ctx.db, { userId: user.id, now: new Date() });
      const salt = "authjs.session-token";
      state.cookie = `${salt}=${await encode({ token: { sub: user.id, sid: sessionId }, secret: authSecret(), salt })}`;
      const { getSessionUser } = await import("@/lib/auth/session");
      expect(await getSessionUser()).toEqual({ id: user.id, email: user.email });

      await deleteAccount({ db: ctx.db, storage }, user.id);

      expect(await getSessionUser()).toBeNull();
    } finally {
      await stop();
    }
  });
});
