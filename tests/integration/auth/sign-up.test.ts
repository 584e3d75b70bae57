import { expect, it, vi } from "vitest";
import { findUserByEmail } from "@/db/queries/users";
import { signUp } from "@/lib/auth/sign-up";
import { mailingContext, recordingMailer, testAppUrl, uniqueEmail } from "@/tests/helpers/auth";
import { describeEachDatabase } from "@/tests/helpers/test-db";

const details = (email: string) => ({ firstName: "Ada", lastName: "Lovelace", email, password: "correct horse battery", ip: "10.0.0.1" });

describeEachDatabase("sign-up", (ctx) => {
  it("stores the account with a hashed password and mails a confirmation link", async () => {
    const mailer = recordingMailer();
    const email = uniqueEmail();
    const result = await signUp(mailingContext(ctx.db, { mailer }), details(email));

    expect(result).toMatchObject({ ok: true, confirmationRequired: true });
    const user = await findUserByEmail(ctx.db, email);
    expect(user).toMatchObject({ email, firstName: "Ada", lastName: "Lovelace", emailVerified: null });
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
    expect(user?.passwordHash).not.toContain("correct horse battery");
    expect(mailer.sent).toEqual([
      { kind: "confirmation", to: email, link: expect.stringMatching(`^${testAppUrl}/auth/confirm-email\\?token=`) },
    ]);
  });

  it("activates the account at once when no mail can confirm it", async () => {
    const email = uniqueEmail();
    const result = await signUp(mailingContext(ctx.db, { emailConfirmationRequired: false }), details(email));
    expect(result).toMatchObject({ ok: true, confirmationRequired: false });
    expect((await findUserByEmail(ctx.db, email))?.emailVerified).toBeInstanceOf(Date);
  });

  it("refuses an email that is already registered, whatever its letter case", async () => {
    const email = uniqueEmail();
    await signUp(mailingContext(ctx.db), details(email));
    const again = await signUp(mailingContext(ctx.db), details(email.toUpperCase()));
    expect(again).toEqual({ ok: false, reason: "email_taken" });
  });

  it("registers an email once when two sign-ups race", async () => {
    const email = uniqueEmail("race");
    const results = await Promise.all([
      signUp(mailingContext(ctx.db), details(email)),
      signUp(mailingContext(ctx.db), details(email)),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: "email_taken" }]);
  });

  it("keeps names with markup as plain text", async () => {
    const email = uniqueEmail();
    await signUp(mailingContext(ctx.db), { ...details(email), firstName: "<img src=x onerror=alert(1)>" });
    expect((await findUserByEmail(ctx.db, email))?.firstName).toBe("<img src=x onerror=alert(1)>");
  });

  it("undoes the account when the confirmation mail cannot be sent", async () => {
    const email = uniqueEmail();
    const failingMailer = recordingMailer();
    failingMailer.send = async () => {
      throw new Error("SMTP down");
    };
    vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await signUp(mailingContext(ctx.db, { mailer: failingMailer }), details(email));
    expect(result).toEqual({ ok: false, reason: "mail_failed" });
    expect(await findUserByEmail(ctx.db, email)).toBeUndefined();
    vi.restoreAllMocks();
  });
});
