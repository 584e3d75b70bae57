import { expect, it } from "vitest";
import { findUserByEmail } from "@/db/queries/users";
import { confirmEmail, resendConfirmation } from "@/lib/auth/email-confirmation";
import { signUp } from "@/lib/auth/sign-up";
import { mailingContext, recordingMailer, tokenOf, uniqueEmail } from "@/tests/helpers/auth";
import { describeEachDatabase } from "@/tests/helpers/test-db";

const hour = 60 * 60 * 1000;

describeEachDatabase("email confirmation", (ctx) => {
  async function signUpAndReadLink(now = new Date()) {
    const mailer = recordingMailer();
    const email = uniqueEmail();
    await signUp(mailingContext(ctx.db, { mailer, now }), {
      firstName: "Ada",
      lastName: "Lovelace",
      email,
      password: "correct horse battery",
      ip: undefined,
    });
    const link = mailer.sent[0]?.link;
    if (!link) throw new Error("no confirmation mail");
    return { email, token: tokenOf(link) };
  }

  it("confirms the account with the mailed link, once", async () => {
    const { email, token } = await signUpAndReadLink();
    expect(await confirmEmail({ db: ctx.db, now: new Date() }, token)).toEqual({ ok: true });
    expect((await findUserByEmail(ctx.db, email))?.emailVerified).toBeInstanceOf(Date);
    expect(await confirmEmail({ db: ctx.db, now: new Date() }, token)).toEqual({ ok: false, reason: "used" });
  });

  it("refuses a link older than 24 hours and leaves the account unconfirmed", async () => {
    const sentAt = new Date();
    const { email, token } = await signUpAndReadLink(sentAt);
    const dayLater = new Date(sentAt.getTime() + 24 * hour + 1000);
    expect(await confirmEmail({ db: ctx.db, now: dayLater }, token)).toEqual({ ok: false, reason: "expired" });
    expect((await findUserByEmail(ctx.db, email))?.emailVerified).toBeNull();
  });

  it("refuses an unknown or tampered token", async () => {
    const { token } = await signUpAndReadLink();
    expect(await confirmEmail({ db: ctx.db, now: new Date() }, `${token}x`)).toEqual({ ok: false, reason: "invalid" });
  });

  it("sends a fresh link only to an unconfirmed account but answers the same for anyone", async () => {
    const { email } = await signUpAndReadLink();
    const mailer = recordingMailer();
    const context = mailingContext(ctx.db, { mailer });
    expect(await resendConfirmation(context, { email, ip: undefined })).toEqual({ ok: true });
    expect(await resendConfirmation(context, { email: uniqueEmail("nobody"), ip: undefined })).toEqual({ ok: true });
    expect(mailer.sent.map((mail) => mail.to)).toEqual([email]);

    const fresh = mailer.sent[0];
    if (!fresh) throw new Error("no mail");
    await confirmEmail({ db: ctx.db, now: new Date() }, tokenOf(fresh.link));
    expect(await resendConfirmation(context, { email, ip: undefined })).toEqual({ ok: true });
    expect(mailer.sent).toHaveLength(1);
  });
});
