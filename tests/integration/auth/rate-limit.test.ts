import { expect, it } from "vitest";
import { signInWithPassword } from "@/lib/auth/password-sign-in";
import { requestPasswordReset } from "@/lib/auth/password-reset";
import { defaultRateLimitPolicy, reserveAttempt } from "@/lib/auth/rate-limit";
import { signUp } from "@/lib/auth/sign-up";
import { mailingContext, uniqueEmail } from "@/tests/helpers/auth";
import { describeEachDatabase } from "@/tests/helpers/test-db";

const password = "correct horse battery";
const minute = 60 * 1000;

describeEachDatabase("rate limits", (ctx) => {
  const policy = { ...defaultRateLimitPolicy, perIp: 8 };

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

  const signInAt = (now: Date, credentials: { email: string; password: string; ip?: string }) =>
    signInWithPassword(
      { db: ctx.db, now, rateLimit: policy, emailConfirmationRequired: true },
      { ip: undefined, ...credentials },
    );

  it("locks an email for 15 minutes after 5 failed sign-ins, even with the right password", async () => {
    const email = await registered();
    const start = new Date();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await signInAt(new Date(start.getTime() + attempt * 1000), { email, password: "wrong!" })).toMatchObject({
        reason: "invalid_credentials",
      });
    }
    expect(await signInAt(new Date(start.getTime() + 10_000), { email, password })).toEqual({
      ok: false,
      reason: "rate_limited",
      retryAfterMinutes: 15,
    });
    // Refused tries do not extend the lockout: it ends 15 minutes after the first failure.
    expect(await signInAt(new Date(start.getTime() + 10 * minute), { email, password })).toMatchObject({
      retryAfterMinutes: 5,
    });
    expect(await signInAt(new Date(start.getTime() + 15 * minute + 1000), { email, password })).toMatchObject({ ok: true });
  });

  it("forgets earlier failures after a successful sign-in", async () => {
    const email = await registered();
    const now = new Date();
    for (let attempt = 0; attempt < 4; attempt += 1) await signInAt(now, { email, password: "wrong!" });
    expect(await signInAt(now, { email, password })).toMatchObject({ ok: true });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect(await signInAt(now, { email, password: "wrong!" })).toMatchObject({ reason: "invalid_credentials" });
    }
  });

  it("limits failures from one IP address across many emails", async () => {
    const ip = `192.0.2.${Math.floor(Math.random() * 250)}`;
    const now = new Date();
    for (let attempt = 0; attempt < policy.perIp; attempt += 1) {
      expect(await signInAt(now, { email: uniqueEmail("spray"), password: "guess", ip })).toMatchObject({
        reason: "invalid_credentials",
      });
    }
    expect(await signInAt(now, { email: uniqueEmail("spray"), password: "guess", ip })).toMatchObject({
      reason: "rate_limited",
    });
    expect(await signInAt(now, { email: uniqueEmail("spray"), password: "guess", ip: "198.51.100.7" })).toMatchObject({
      reason: "invalid_credentials",
    });
  });

  it("counts every sign-up and reset request per email", async () => {
    const email = uniqueEmail("limited");
    const context = mailingContext(ctx.db, { rateLimit: policy });
    const details = { firstName: "A", lastName: "B", email, password, ip: undefined };
    expect(await signUp(context, details)).toMatchObject({ ok: true });
    for (let attempt = 0; attempt < 4; attempt += 1) expect(await signUp(context, details)).toMatchObject({ reason: "email_taken" });
    expect(await signUp(context, details)).toMatchObject({ reason: "rate_limited" });

    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await requestPasswordReset(context, { email, ip: undefined })).toEqual({ ok: true });
    }
    expect(await requestPasswordReset(context, { email, ip: undefined })).toMatchObject({ reason: "rate_limited" });
  });

  it("lets no more than the limit through when attempts arrive together", async () => {
    const email = uniqueEmail("burst");
    const now = new Date();
    const reservations = await Promise.all(
      Array.from({ length: 12 }, () => reserveAttempt(ctx.db, { action: "signin", email, ip: undefined }, policy, now)),
    );
    expect(reservations.filter((reservation) => reservation.allowed).length).toBeLessThanOrEqual(policy.perEmail);
  });
});
