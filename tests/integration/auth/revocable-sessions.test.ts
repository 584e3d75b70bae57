import { sql } from "drizzle-orm";
import { beforeEach, expect, it, vi } from "vitest";
import { mailingContext, recordingMailer, tokenOf, uniqueEmail } from "@/tests/helpers/auth";
import { sessionCookie, signedInBrowser, switchToBrowser, whoIs } from "@/tests/helpers/auth-browser";
import { setTestDatabase } from "@/tests/helpers/db-stand-in";
import { describeEachDatabase, queryRows, truncateAllTables } from "@/tests/helpers/test-db";

/**
 * Decision 23 with the real Auth.js: sessions are signed in through next-auth's own signIn(), as
 * the sign-in action does, into a cookie jar per "browser"; a copy of a cookie taken before
 * sign-out, a password reset or 'Sign out everywhere' is then replayed to the server's session
 * reader (lib/auth/session.ts), which must no longer accept it. next/headers is the only thing
 * stood in for (tests/helpers/auth-browser.ts).
 */

vi.mock("@/db", async () => (await import("@/tests/helpers/db-stand-in")).dbModule);
vi.mock("next/headers", async () => (await import("@/tests/helpers/auth-browser")).nextHeaders);

const password = "correct horse battery";

describeEachDatabase("revocable sessions", (ctx) => {
  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    setTestDatabase(ctx.db);
  });

  async function registered(): Promise<string> {
    const { signUp } = await import("@/lib/auth/sign-up");
    const email = uniqueEmail("session");
    await signUp(mailingContext(ctx.db, { emailConfirmationRequired: false }), { firstName: "Ada", lastName: "L", email, password, ip: undefined });
    return email;
  }

  const signedIn = (email: string) => signedInBrowser("credentials", { email, password });

  async function sessionRows(): Promise<number> {
    const [row] = await queryRows(ctx.db, sql`select count(*)::int as total from sessions`);
    return Number(row?.total);
  }

  it("records a session per sign-in and accepts its cookie while it lasts", async () => {
    const email = await registered();
    const laptop = await signedIn(email);
    const phone = await signedIn(email);
    expect(await sessionRows()).toBe(2);
    expect(await whoIs(laptop)).toMatchObject({ email });
    expect(await whoIs(phone)).toMatchObject({ email });
  });

  it("ends the session on sign-out, so a copy of the cookie taken before stops working", async () => {
    const email = await registered();
    const laptop = await signedIn(email);
    const phone = await signedIn(email);
    const copied = new Map(laptop);

    switchToBrowser(laptop);
    const { signOutAction } = await import("@/lib/actions/sign-out");
    expect(await signOutAction({})).toEqual({ ok: true, data: { signedOut: true } });
    expect(laptop.has(sessionCookie)).toBe(false);

    expect(await whoIs(copied)).toBeNull();
    // Only that session ended.
    expect(await whoIs(phone)).toMatchObject({ email });
  });

  it("ends every session of the user when the password is reset", async () => {
    const { requestPasswordReset, resetPassword } = await import("@/lib/auth/password-reset");
    const email = await registered();
    const other = await registered();
    const laptop = await signedIn(email);
    const phone = await signedIn(email);
    const someoneElse = await signedIn(other);

    const mailer = recordingMailer();
    await requestPasswordReset(mailingContext(ctx.db, { mailer }), { email, ip: undefined });
    const token = tokenOf(mailer.sent[0]?.link ?? "");
    expect(await resetPassword({ db: ctx.db, now: new Date() }, { token, password: "a brand new secret" })).toMatchObject({ ok: true });

    expect(await whoIs(laptop)).toBeNull();
    expect(await whoIs(phone)).toBeNull();
    expect(await whoIs(someoneElse)).toMatchObject({ email: other });
  });

  it("ends every session of the user with 'Sign out everywhere'", async () => {
    const email = await registered();
    const other = await registered();
    const laptop = await signedIn(email);
    const phone = await signedIn(email);
    const someoneElse = await signedIn(other);
    const copiedFromLaptop = new Map(laptop);

    switchToBrowser(phone);
    const { signOutEverywhereAction } = await import("@/lib/actions/sign-out-everywhere");
    expect(await signOutEverywhereAction({})).toEqual({ ok: true, data: { signedOut: true } });
    expect(phone.has(sessionCookie)).toBe(false);

    expect(await whoIs(copiedFromLaptop)).toBeNull();
    expect(await whoIs(laptop)).toBeNull();
    expect(await whoIs(someoneElse)).toMatchObject({ email: other });
    // Signing in again works as usual.
    expect(await whoIs(await signedIn(email))).toMatchObject({ email });
  });

  it("refuses a validly signed cookie that names no recorded session", async () => {
    const { encode } = await import("next-auth/jwt");
    const { authSecret } = await import("@/lib/auth/secret");
    const email = await registered();
    const laptop = await signedIn(email);
    const { decode } = await import("next-auth/jwt");
    const claims = await decode({ token: laptop.get(sessionCookie), secret: authSecret(), salt: sessionCookie });
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
