import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { findUserByEmail } from "@/db/queries/users";
import { createAuthMailer, createSmtpTransport, type AuthMailTexts } from "@/lib/auth/mailer";
import { signInWithPassword } from "@/lib/auth/password-sign-in";
import { defaultRateLimitPolicy } from "@/lib/auth/rate-limit";
import { redeemSignInLink, requestSignInLink } from "@/lib/auth/sign-in-link";
import { signUp } from "@/lib/auth/sign-up";
import messages from "@/messages/en.json";
import { linkFrom, startFakeSmtpServer, type FakeSmtpServer } from "@/tests/fakes/smtp-server";
import { mailingContext, testAppUrl, tokenOf, uniqueEmail } from "@/tests/helpers/auth";
import { signedInBrowser, whoIs } from "@/tests/helpers/auth-browser";
import { setTestDatabase } from "@/tests/helpers/db-stand-in";
import { describeEachDatabase } from "@/tests/helpers/test-db";

/**
 * The way in for an owner whose password sign-in is paused (OWASP: unlock by email): the link is
 * mailed over real SMTP to the local fake, and signs in through the real Auth.js.
 */

vi.mock("@/db", async () => (await import("@/tests/helpers/db-stand-in")).dbModule);
vi.mock("next/headers", async () => (await import("@/tests/helpers/auth-browser")).nextHeaders);

const password = "correct horse battery";
const texts: AuthMailTexts = { brand: messages.common.brand, ...messages.authEmail };

describeEachDatabase("signing in with a link by email", (ctx) => {
  let smtp: FakeSmtpServer;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    setTestDatabase(ctx.db);
  });
  afterAll(() => smtp.close());

  const context = (now = new Date()) =>
    mailingContext(ctx.db, {
      now,
      mailer: createAuthMailer({ transport: createSmtpTransport(smtp.url), from: "Studio <no-reply@example.test>", texts }),
    });

  async function registered(options: { confirmed: boolean }): Promise<string> {
    const email = uniqueEmail("owner");
    await signUp(mailingContext(ctx.db, { emailConfirmationRequired: !options.confirmed }), {
      firstName: "Ada",
      lastName: "L",
      email,
      password,
      ip: undefined,
    });
    return email;
  }

  async function mailedLink(email: string, after: number): Promise<string> {
    const mail = await smtp.waitForMail(email, { after });
    expect(mail.subject).toBe(messages.authEmail.signInLink.subject);
    return linkFrom(mail, `${testAppUrl}/auth/sign-in-link?token=`);
  }

  it("lets an owner whose password sign-in is paused by guesses from everywhere in, once", async () => {
    const email = await registered({ confirmed: true });
    const policy = { ...defaultRateLimitPolicy, perEmail: { ...defaultRateLimitPolicy.perEmail, signin: 6 } };
    const signInFrom = (ip: string, guess: string) =>
      signInWithPassword({ db: ctx.db, now: new Date(), rateLimit: policy, emailConfirmationRequired: true }, { email, password: guess, ip });
    for (let attempt = 1; attempt <= 6; attempt += 1) await signInFrom(`203.0.113.${attempt}`, "guess");
    expect(await signInFrom("198.51.100.7", password)).toMatchObject({ reason: "rate_limited" });

    const sentAt = Date.now();
    expect(await requestSignInLink(context(), { email, ip: "198.51.100.7" })).toEqual({ ok: true });
    const link = await mailedLink(email, sentAt);

    const browser = await signedInBrowser("sign-in-link", { token: tokenOf(link) });
    expect(await whoIs(browser)).toMatchObject({ email });
    // The link works once.
    await expect(signedInBrowser("sign-in-link", { token: tokenOf(link) })).rejects.toMatchObject({ reason: "used" });
  });

  it("answers the same for an email without an account, and mails nothing", async () => {
    const nobody = uniqueEmail("nobody");
    expect(await requestSignInLink(context(), { email: nobody, ip: "198.51.100.8" })).toEqual({ ok: true });
    // A mail to an existing account sent after it arrives first, so the unknown one was never sent.
    const email = await registered({ confirmed: true });
    const sentAt = Date.now();
    await requestSignInLink(context(), { email, ip: "198.51.100.8" });
    await mailedLink(email, sentAt);
    expect(smtp.messages.some((mail) => mail.to.includes(nobody))).toBe(false);
  });

  it("refuses a link older than 15 minutes", async () => {
    const email = await registered({ confirmed: true });
    const sentAt = new Date();
    await requestSignInLink(context(sentAt), { email, ip: undefined });
    const token = tokenOf(await mailedLink(email, sentAt.getTime()));
    expect(await redeemSignInLink({ db: ctx.db, now: new Date(sentAt.getTime() + 15 * 60 * 1000 + 1000) }, token)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("confirms the email of an account that was waiting for it, since the link proves the mailbox", async () => {
    const email = await registered({ confirmed: false });
    const sentAt = Date.now();
    await requestSignInLink(context(), { email, ip: undefined });
    const browser = await signedInBrowser("sign-in-link", { token: tokenOf(await mailedLink(email, sentAt)) });
    expect(await whoIs(browser)).toMatchObject({ email });
    expect((await findUserByEmail(ctx.db, email))?.emailVerified).toBeInstanceOf(Date);
  });
});
