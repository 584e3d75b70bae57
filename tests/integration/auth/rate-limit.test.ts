import { expect, it } from "vitest";
import { signInWithPassword } from "@/lib/auth/password-sign-in";
import { requestPasswordReset, resetPassword } from "@/lib/auth/password-reset";
import { defaultRateLimitPolicy, reserveAttempt } from "@/lib/auth/rate-limit";
import { signUp } from "@/lib/auth/sign-up";
import { mailingContext, recordingMailer, tokenOf, uniqueEmail } from "@/tests/helpers/auth";
import { describeEachDatabase } from "@/tests/helpers/test-db";

const password = "correct horse battery";
const second = 1000;
const minute = 60 * second;

let addressCounter = 0;
/** A documentation address (RFC 5737) no other test uses. */
function newAddress(): string {
  addressCounter += 1;
  return `203.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

describeEachDatabase("rate limits", (ctx) => {
  // The ceiling per email is 50 in production; a lower one keeps these password checks few.
  const policy = { ...defaultRateLimitPolicy, perIp: 8, perEmail: { ...defaultRateLimitPolicy.perEmail, signin: 20 } };

  async function registered() {
    const email = uniqueEmail();
    await signUp(mailingContext(ctx.db, { emailConfirmationRequired: false }), {
      firstName: "Ada",
      lastName: "L",
      email,
      password,
      ip: undefined,
    });
    return email;
  }

  const signInAt = (now: Date, credentials: { email: string; password: string; ip: string | undefined }) =>
    signInWithPassword({ db: ctx.db, now, rateLimit: policy, emailConfirmationRequired: true }, credentials);
  const later = (start: Date, ms: number) => new Date(start.getTime() + ms);

  it("lets the owner in from elsewhere after five wrong passwords for the email from one address", async () => {
    const email = await registered();
    const attacker = newAddress();
    const start = new Date();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await signInAt(later(start, attempt * second), { email, password: "wrong!", ip: attacker })).toMatchObject({
        reason: "invalid_credentials",
      });
    }
    expect(await signInAt(later(start, 10 * second), { email, password: "wrong again", ip: attacker })).toMatchObject({
      reason: "rate_limited",
    });
    expect(await signInAt(later(start, 11 * second), { email, password, ip: newAddress() })).toMatchObject({ ok: true });
  });

  it("makes each further guess from the same address wait twice as long, up to 15 minutes", async () => {
    const email = await registered();
    const guesser = newAddress();
    let now = new Date();
    for (let attempt = 0; attempt < 5; attempt += 1) await signInAt(now, { email, password: "wrong!", ip: guesser });

    for (const waitMinutes of [1, 2, 4, 8, 15, 15]) {
      const early = later(now, waitMinutes * minute - 5 * second);
      expect(await signInAt(early, { email, password: "too soon", ip: guesser })).toEqual({
        ok: false,
        reason: "rate_limited",
        retryAfterMinutes: 1,
      });
      // Refused tries do not extend the wait.
      now = later(now, waitMinutes * minute);
      expect(await signInAt(now, { email, password: "wrong!", ip: guesser })).toMatchObject({ reason: "invalid_credentials" });
    }
    // The right password is held back too while this address waits, and accepted after.
    expect(await signInAt(later(now, second), { email, password, ip: guesser })).toMatchObject({ reason: "rate_limited" });
    expect(await signInAt(later(now, 15 * minute), { email, password, ip: guesser })).toMatchObject({ ok: true });
  });

  it("holds an email at a far higher ceiling when the guesses come from many addresses", async () => {
    const email = await registered();
    const now = new Date();
    for (let attempt = 0; attempt < policy.perEmail.signin; attempt += 1) {
      expect(await signInAt(now, { email, password: `guess ${attempt}`, ip: newAddress() })).toMatchObject({
        reason: "invalid_credentials",
      });
    }
    expect(await signInAt(later(now, second), { email, password, ip: newAddress() })).toEqual({
      ok: false,
      reason: "rate_limited",
      retryAfterMinutes: 15,
    });
    expect(await signInAt(later(now, 15 * minute + second), { email, password, ip: newAddress() })).toMatchObject({ ok: true });
  });

  it("forgets the failures from the owner's own address after a successful sign-in, not the others'", async () => {
    const email = await registered();
    const owner = newAddress();
    const guesser = newAddress();
    const now = new Date();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await signInAt(now, { email, password: "wrong!", ip: owner });
      await signInAt(now, { email, password: "wrong!", ip: guesser });
    }
    expect(await signInAt(now, { email, password, ip: owner })).toMatchObject({ ok: true });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect(await signInAt(now, { email, password: "wrong!", ip: owner })).toMatchObject({ reason: "invalid_credentials" });
    }
    expect(await signInAt(now, { email, password: "wrong!", ip: guesser })).toMatchObject({ reason: "invalid_credentials" });
    expect(await signInAt(now, { email, password: "wrong!", ip: guesser })).toMatchObject({ reason: "rate_limited" });
  });

  it("forgets every failure for the email once the password is reset", async () => {
    const email = await registered();
    const now = new Date();
    for (let attempt = 0; attempt < policy.perEmail.signin; attempt += 1) {
      await signInAt(now, { email, password: "wrong!", ip: newAddress() });
    }
    const mailer = recordingMailer();
    await requestPasswordReset(mailingContext(ctx.db, { mailer, now }), { email, ip: newAddress() });
    await resetPassword({ db: ctx.db, now }, { token: tokenOf(mailer.sent[0]?.link ?? ""), password: "a brand new secret" });
    expect(await signInAt(later(now, second), { email, password: "a brand new secret", ip: newAddress() })).toMatchObject({ ok: true });
  });

  it("limits failures from one address across many emails", async () => {
    const ip = newAddress();
    const now = new Date();
    for (let attempt = 0; attempt < policy.perIp; attempt += 1) {
      expect(await signInAt(now, { email: uniqueEmail("spray"), password: "guess", ip })).toMatchObject({
        reason: "invalid_credentials",
      });
    }
    expect(await signInAt(now, { email: uniqueEmail("spray"), password: "guess", ip })).toMatchObject({ reason: "rate_limited" });
    expect(await signInAt(now, { email: uniqueEmail("spray"), password: "guess", ip: newAddress() })).toMatchObject({
      reason: "invalid_credentials",
    });
  });

  it("counts every reset request per email and address, under a ceiling per email", async () => {
    const email = await registered();
    const context = mailingContext(ctx.db, { rateLimit: policy });
    const first = newAddress();
    for (let attempt = 0; attempt < policy.perPair; attempt += 1) {
      expect(await requestPasswordReset(context, { email, ip: first })).toEqual({ ok: true });
    }
    expect(await requestPasswordReset(context, { email, ip: first })).toMatchObject({ reason: "rate_limited" });
    const second = newAddress();
    for (let attempt = policy.perPair; attempt < policy.perEmail.mail; attempt += 1) {
      expect(await requestPasswordReset(context, { email, ip: second })).toEqual({ ok: true });
    }
    expect(await requestPasswordReset(context, { email, ip: newAddress() })).toMatchObject({ reason: "rate_limited" });
  });

  it("lets no more than the limit through when attempts arrive together", async () => {
    const email = uniqueEmail("burst");
    const ip = newAddress();
    const now = new Date();
    const reservations = await Promise.all(
      Array.from({ length: 12 }, () => reserveAttempt(ctx.db, { action: "signin", email, ip }, policy, now)),
    );
    expect(reservations.filter((reservation) => reservation.allowed).length).toBeLessThanOrEqual(policy.perPair);
  });
});
