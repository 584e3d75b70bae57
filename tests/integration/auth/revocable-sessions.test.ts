import { beforeEach, expect, it, vi } from "vitest";
import type { Database } from "@/db/client";
import { sql } from "drizzle-orm";
import { mailingContext, recordingMailer, tokenOf, uniqueEmail } from "@/tests/helpers/auth";
import { describeEachDatabase, queryRows, truncateAllTables } from "@/tests/helpers/test-db";

/**
 * Decision 23 with the real Auth.js: sessions are signed in through next-auth's own signIn(), as
 * the sign-in action does, into a cookie jar per "browser"; a copy of a cookie taken before
 * sign-out, a password reset or 'Sign out everywhere' is then replayed to the server's session
 * reader (lib/auth/session.ts), which must no longer accept it. next/headers is the only thing
 * stood in for: it hands Auth.js the current browser's cookies and keeps the ones it sets.
 */

interface Browser {
  cookies: Map<string, string>;
}

const state = vi.hoisted(() => ({
  db: undefined as Database | undefined,
  browser: { cookies: new Map<string, string>() } as { cookies: Map<string, string> },
}));

vi.mock("@/db", () => ({
  getDb: () => {
    if (!state.db) throw new Error("no test database");
    return state.db;
  },
}));
vi.mock("next/headers", () => ({
  headers: async () =>
    new Headers({
      host: "localhost:3000",
      "x-forwarded-proto": "http",
      cookie: [...state.browser.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    }),
  cookies: async () => ({
    get: (name: string) => {
      const value = state.browser.cookies.get(name);
      return value === undefined ? undefined : { name, value };
    },
    set: (name: string, value: string, options?: { maxAge?: number; expires?: Date }) => {
      const expired = value === "" || options?.maxAge === 0 || (options?.expires && options.expires.getTime() <= Date.now());
      if (expired) state.browser.cookies.delete(name);
      else state.browser.cookies.set(name, value);
    },
  }),
}));

const password = "correct horse battery";
const sessionCookie = "authjs.session-token";

describeEachDatabase("revocable sessions", (ctx) => {
  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    state.db = ctx.db;
  });

  async function registered(): Promise<string> {
    const { signUp } = await import("@/lib/auth/sign-up");
    const email = uniqueEmail("session");
    await signUp(mailingContext(ctx.db, { emailConfirmationRequired: false }), { firstName: "Ada", lastName: "L", email, password, ip: undefined });
    return email;
  }

  /** A new browser that signs in through next-auth's signIn(), as the sign-in action does. */
  async function signedInBrowser(email: string): Promise<Browser> {
    const { signIn } = await import("@/lib/auth/auth");
    const browser: Browser = { cookies: new Map() };
    state.browser = browser;
    await signIn("credentials", { email, password, redirect: false });
    expect(browser.cookies.get(sessionCookie)).toEqual(expect.any(String));
    return browser;
  }

  /** Whom the server's session reader sees for a browser holding exactly these cookies. */
  async function whoIs(cookies: Map<string, string>) {
    const { getSessionUser } = await import("@/lib/auth/session");
    state.browser = { cookies: new Map(cookies) };
    return getSessionUser();
  }

  async function sessionRows(): Promise<number> {
    const [row] = await queryRows(ctx.db, sql`select count(*)::int as total from sessions`);
    return Number(row?.total);
  }

  it("records a session per sign-in and accepts its cookie while it lasts", async () => {
    const email = await registered();
    const laptop = await signedInBrowser(email);
    const phone = await signedInBrowser(email);
    expect(await sessionRows()).toBe(2);
    expect(await whoIs(laptop.cookies)).toMatchObject({ email });
    expect(await whoIs(phone.cookies)).toMatchObject({ email });
  });

  it("ends the session on sign-out, so a copy of the cookie taken before stops working", async () => {
    const email = await registered();
    const laptop = await signedInBrowser(email);
    const phone = await signedInBrowser(email);
    const copied = new Map(laptop.cookies);

    state.browser = laptop;
    const { signOutAction } = await import("@/lib/actions/sign-out");
    expect(await signOutAction({})).toEqual({ ok: true, data: { signedOut: true } });
    expect(laptop.cookies.has(sessionCookie)).toBe(false);

    expect(await whoIs(copied)).toBeNull();
    // Only that session ended.
    expect(await whoIs(phone.cookies)).toMatchObject({ email });
  });

  it("ends every session of the user when the password is reset", async () => {
    const { requestPasswordReset, resetPassword } = await import("@/lib/auth/password-reset");
    const email = await registered();
    const other = await registered();
    const laptop = await signedInBrowser(email);
    const phone = await signedInBrowser(email);
    const someoneElse = await signedInBrowser(other);

    const mailer = recordingMailer();
    await requestPasswordReset(mailingContext(ctx.db, { mailer }), { email, ip: undefined });
    const token = tokenOf(mailer.sent[0]?.link ?? "");
    expect(await resetPassword({ db: ctx.db, now: new Date() }, { token, password: "a brand new secret" })).toMatchObject({ ok: true });

    expect(await whoIs(laptop.cookies)).toBeNull();
    expect(await whoIs(phone.cookies)).toBeNull();
    expect(await whoIs(someoneElse.cookies)).toMatchObject({ email: other });
  });

  it("ends every session of the user with 'Sign out everywhere'", async () => {
    const email = await registered();
    const other = await registered();
    const laptop = await signedInBrowser(email);
    const phone = await signedInBrowser(email);
    const someoneElse = await signedInBrowser(other);
    const copiedFromLaptop = new Map(laptop.cookies);

    state.browser = phone;
    const { signOutEverywhereAction } = await import("@/lib/actions/sign-out-everywhere");
    expect(await signOutEverywhereAction({})).toEqual({ ok: true, data: { signedOut: true } });
    expect(phone.cookies.has(sessionCookie)).toBe(false);

    expect(await whoIs(copiedFromLaptop)).toBeNull();
    expect(await whoIs(laptop.cookies)).toBeNull();
    expect(await whoIs(someoneElse.cookies)).toMatchObject({ email: other });
    // Signing in again works as usual.
    expect(await whoIs((await signedInBrowser(email)).cookies)).toMatchObject({ email });
  });

  it("refuses a validly signed cookie that names no recorded session", async () => {
    const { encode } = await import("next-auth/jwt");
    const { authSecret } = await import("@/lib/auth/secret");
    const email = await registered();
    const laptop = await signedInBrowser(email);
    const { decode } = await import("next-auth/jwt");
    const claims = await decode({ token: laptop.cookies.get(sessionCookie), secret: authSecret(), salt: sessionCookie });
    for (const sid of [undefined, "made-up-session-id"]) {
      const forged = await encode({ token: { ...claims, sid }, secret: authSecret(), salt: sessionCookie });
      expect(await whoIs(new Map([[sessionCookie, forged]]))).toBeNull();
    }
  });

  it("lasts 30 days from its last use, moving its expiry on at most once a day", async () => {
    const { findSessionUser, startServerSession } = await import("@/lib/auth/server-sessions");
    const email = await registered();
    const { findUserByEmail } = await import("@/db/queries/users");
    const userId = (await findUserByEmail(ctx.db, email))?.id ?? "";
    const day = 24 * 60 * 60 * 1000;
    const start = new Date();
    const at = (days: number) => new Date(start.getTime() + days * day);
    const sessionId = await startServerSession(ctx.db, { userId, now: start });
    const expiry = async () => Number((await queryRows(ctx.db, sql`select extract(epoch from expires) * 1000 as ms from sessions`))[0]?.ms);

    expect(await findSessionUser(ctx.db, { userId, sessionId, now: at(0.5) })).toMatchObject({ email });
    expect(await expiry()).toBeCloseTo(at(30).getTime(), -3);
    expect(await findSessionUser(ctx.db, { userId, sessionId, now: at(20) })).toMatchObject({ email });
    expect(await expiry()).toBeCloseTo(at(50).getTime(), -3);
    // Unused for more than 30 days: over.
    expect(await findSessionUser(ctx.db, { userId, sessionId, now: at(50.1) })).toBeUndefined();
    // Another user's id with this session's cookie is refused as well.
    expect(await findSessionUser(ctx.db, { userId: "someone-else", sessionId, now: at(21) })).toBeUndefined();
  });
});
