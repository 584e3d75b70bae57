import { expect, it } from "vitest";
import { requestPasswordReset, resetPassword } from "@/lib/auth/password-reset";
import { signInWithPassword } from "@/lib/auth/password-sign-in";
import { signUp } from "@/lib/auth/sign-up";
import { mailingContext, recordingMailer, testAppUrl, tokenOf, uniqueEmail } from "@/tests/helpers/auth";
import { describeEachDatabase } from "@/tests/helpers/test-db";

const oldPassword = "correct horse battery";
const newPassword = "a brand new secret";

describeEachDatabase("password reset", (ctx) => {
  async function registered(options: { confirmed: boolean } = { confirmed: true }) {
    const email = uniqueEmail();
    await signUp(mailingContext(ctx.db, { emailConfirmationRequired: !options.confirmed }), {
      firstName: "Ada",
      lastName: "L",
      email,
      password: oldPassword,
      ip: undefined,
    });
    return email;
  }

  async function requestLink(email: string, now = new Date()) {
    const mailer = recordingMailer();
    expect(await requestPasswordReset(mailingContext(ctx.db, { mailer, now }), { email, ip: undefined })).toEqual({ ok: true });
    return mailer.sent;
  }

  const signIn = (email: string, password: string) =>
    signInWithPassword({ ...mailingContext(ctx.db), emailConfirmationRequired: true }, { email, password, ip: undefined });

  it("mails a reset link and answers the same for an unknown email", async () => {
    const email = await registered();
    const sent = await requestLink(email);
    expect(sent).toEqual([{ kind: "reset", to: email, link: expect.stringMatching(`^${testAppUrl}/auth/reset-password\\?token=`) }]);
    expect(await requestLink(uniqueEmail("nobody"))).toEqual([]);
  });

  it("sets the new password with the link, which then stops working", async () => {
    const email = await registered();
    const [mail] = await requestLink(email);
    const token = tokenOf(mail?.link ?? "");

    expect(await resetPassword({ db: ctx.db, now: new Date() }, { token, password: newPassword })).toEqual({ ok: true, email });
    expect(await signIn(email, newPassword)).toMatchObject({ ok: true });
    expect(await signIn(email, oldPassword)).toEqual({ ok: false, reason: "invalid_credentials" });
    expect(await resetPassword({ db: ctx.db, now: new Date() }, { token, password: "yet another one" })).toEqual({
      ok: false,
      reason: "used",
    });
  });

  it("refuses a link older than an hour and keeps the old password", async () => {
    const email = await registered();
    const sentAt = new Date();
    const [mail] = await requestLink(email, sentAt);
    const later = new Date(sentAt.getTime() + 60 * 60 * 1000 + 1000);
    expect(await resetPassword({ db: ctx.db, now: later }, { token: tokenOf(mail?.link ?? ""), password: newPassword })).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await signIn(email, oldPassword)).toMatchObject({ ok: true });
  });

  it("retires older links once one of them was used", async () => {
    const email = await registered();
    const [first] = await requestLink(email);
    const [second] = await requestLink(email);
    await resetPassword({ db: ctx.db, now: new Date() }, { token: tokenOf(second?.link ?? ""), password: newPassword });
    expect(await resetPassword({ db: ctx.db, now: new Date() }, { token: tokenOf(first?.link ?? ""), password: "sneaky" })).toEqual({
      ok: false,
      reason: "used",
    });
  });

  it("confirms the email of an unconfirmed account, since the link proves the mailbox", async () => {
    const email = await registered({ confirmed: false });
    expect(await signIn(email, oldPassword)).toEqual({ ok: false, reason: "email_unconfirmed" });
    const [mail] = await requestLink(email);
    await resetPassword({ db: ctx.db, now: new Date() }, { token: tokenOf(mail?.link ?? ""), password: newPassword });
    expect(await signIn(email, newPassword)).toMatchObject({ ok: true });
  });
});
