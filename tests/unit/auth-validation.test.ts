import { describe, expect, it } from "vitest";
import { fieldErrorsOf, resetPasswordSchema, signInSchema, signUpSchema } from "@/lib/validations/auth";
import { checkForm, checkResetPassword, signUpRules } from "@/lib/validations/auth-rules";

function errorsOf(schema: typeof signUpSchema | typeof signInSchema, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe("sign-up form", () => {
  const valid = { firstName: "Ada", lastName: "Lovelace", email: "Ada@Example.COM ", password: "12345678" };

  it("normalises the email to lower case", () => {
    expect(signUpSchema.parse(valid).email).toBe("ada@example.com");
  });

  it("names the first problem of each field", () => {
    expect(errorsOf(signUpSchema, {})).toEqual({
      firstName: "firstNameRequired",
      lastName: "lastNameRequired",
      email: "emailRequired",
      password: "passwordRequired",
    });
    expect(errorsOf(signUpSchema, { ...valid, email: "ada@", password: "1234567" })).toEqual({
      email: "emailInvalid",
      password: "passwordTooShort",
    });
    expect(errorsOf(signUpSchema, { ...valid, firstName: "x".repeat(51), password: "x".repeat(129) })).toEqual({
      firstName: "nameTooLong",
      password: "passwordTooLong",
    });
  });

  it("accepts 8 and 128 characters", () => {
    expect(signUpSchema.safeParse({ ...valid, password: "x".repeat(8) }).success).toBe(true);
    expect(signUpSchema.safeParse({ ...valid, password: "x".repeat(128) }).success).toBe(true);
  });
});

describe("sign-in form", () => {
  it("requires an email and a password", () => {
    expect(errorsOf(signInSchema, { email: " ", password: "" })).toEqual({
      email: "emailRequired",
      password: "passwordRequired",
    });
  });
});

describe("reset password form", () => {
  it("requires the confirmation to match", () => {
    const result = resetPasswordSchema.safeParse({ token: "t", password: "12345678", confirmPassword: "87654321" });
    expect(result.success ? {} : fieldErrorsOf(result.error)).toEqual({ confirmPassword: "passwordsDoNotMatch" });
  });
});

describe("the browser's check", () => {
  it("finds what the server's schema finds, from the same rules", () => {
    const typed = { firstName: " ", lastName: "Lovelace", email: "Ada@Example.COM ", password: "1234567" };
    const server = signUpSchema.safeParse(typed);
    expect(checkForm(signUpRules, typed)).toEqual({ ok: false, fieldErrors: server.success ? {} : fieldErrorsOf(server.error) });
    expect(checkForm(signUpRules, { ...typed, firstName: "Ada", password: "12345678" })).toEqual({
      ok: true,
      values: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", password: "12345678" },
    });
  });

  it("requires the reset confirmation to match after its own rule", () => {
    expect(checkResetPassword({ token: "t", password: "12345678", confirmPassword: "87654321" })).toEqual({
      ok: false,
      fieldErrors: { confirmPassword: "passwordsDoNotMatch" },
    });
    expect(checkResetPassword({ token: "t", password: "12345678", confirmPassword: "" })).toEqual({
      ok: false,
      fieldErrors: { confirmPassword: "passwordRequired" },
    });
    expect(checkResetPassword({ token: "", password: "12345678", confirmPassword: "12345678" })).toEqual({ ok: false, fieldErrors: {} });
  });
});
