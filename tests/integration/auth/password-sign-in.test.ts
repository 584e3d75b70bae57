import { expect, it } from "vitest";
import { users } from "@/db/schema";
import { signInWithPassword } from "@/lib/auth/password-sign-in";
import { signUp } from "@/lib/auth/sign-up";
import { mailingContext, uniqueEmail } from "@/tests/helpers/auth";
import { describeEachDatabase } from "@/tests/helpers/test-db";

const password = "correct horse battery";

describeEachDatabase("password sign-in", (ctx) => {
  async function registered(options: { confirmed: boolean }) {
    const email = uniqueEmail();
    await signUp(mailingContext(ctx.db, { emailConfirmationRequired: !options.confirmed }), {
      firstName: "Ada",
      lastName: "Lovelace",
      email,
      password,
      ip: undefined,
    });
    return email;
  }

  const context = (emailConfirmationRequired = true) => ({ ...mailingContext(ctx.db), emailConfirmationRequired });

  it("accepts the right password and returns no secrets", async () => {
    const email = await registered({ confirmed: true });
    const result = await signInWithPassword(context(), { email, password, ip: "10.0.0.2" });
    expect(result).toEqual({ ok: true, user: { id: expect.any(String), email, name: "Ada Lovelace" } });
  });

  it("refuses a wrong password and an unknown email with the same answer", async () => {
    const email = await registered({ confirmed: true });
    expect(await signInWithPassword(context(), { email, password: "wrong password", ip: "10.0.0.2" })).toEqual({
      ok: false,
      reason: "invalid_credentials",
    });
    expect(await signInWithPassword(context(), { email: uniqueEmail("nobody"), password, ip: "10.0.0.2" })).toEqual({
      ok: false,
      reason: "invalid_credentials",
    });
  });

  it("keeps an unconfirmed account out while confirmation is required", async () => {
    const email = await registered({ confirmed: false });
    expect(await signInWithPassword(context(true), { email, password, ip: undefined })).toEqual({
      ok: false,
      reason: "email_unconfirmed",
    });
    // Without SMTP nobody could confirm, so the account may sign in.
    expect(await signInWithPassword(context(false), { email, password, ip: undefined })).toMatchObject({ ok: true });
  });

  it("says nothing about the password of an unconfirmed account when it is wrong", async () => {
    const email = await registered({ confirmed: false });
    expect(await signInWithPassword(context(true), { email, password: "not it at all", ip: undefined })).toEqual({
      ok: false,
      reason: "invalid_credentials",
    });
  });

  it("refuses password sign-in for an account that only uses Google", async () => {
    const email = uniqueEmail("google");
    await ctx.db.insert(users).values({ email, emailVerified: new Date() });
    expect(await signInWithPassword(context(), { email, password, ip: undefined })).toEqual({
      ok: false,
      reason: "invalid_credentials",
    });
  });
});
