import { z } from "zod/mini";

/**
 * Schemas of the account forms, shared by the browser (instant feedback) and the server actions
 * (the check that counts). Each message is a key under `auth.validation` in messages/*.json.
 * Written with zod/mini, whose functional checks let the bundler keep only what the forms use:
 * the auth pages load a few KB of zod instead of the whole classic API.
 */

export const authValidationKeys = [
  "firstNameRequired",
  "lastNameRequired",
  "nameTooLong",
  "emailRequired",
  "emailInvalid",
  "emailTooLong",
  "passwordRequired",
  "passwordTooShort",
  "passwordTooLong",
  "passwordsDoNotMatch",
] as const;
export type AuthValidationKey = (typeof authValidationKeys)[number];

export function isAuthValidationKey(value: unknown): value is AuthValidationKey {
  return typeof value === "string" && (authValidationKeys as readonly string[]).includes(value);
}

const message = (key: AuthValidationKey) => ({ error: key });

/** Decision 13: passwords of 8 to 128 characters. */
export const passwordLength = { min: 8, max: 128 } as const;

export const emailSchema = z.pipe(
  z.pipe(
    z.string(message("emailRequired")).check(z.trim(), z.minLength(1, message("emailRequired")), z.maxLength(254, message("emailTooLong"))),
    z.email(message("emailInvalid")),
  ),
  // One spelling per address: sign-up, sign-in and reset all look emails up in lower case.
  z.transform((email: string) => email.toLowerCase()),
);

const nameSchema = (requiredKey: AuthValidationKey) =>
  z.string(message(requiredKey)).check(z.trim(), z.minLength(1, message(requiredKey)), z.maxLength(50, message("nameTooLong")));

/** A new password: 8 to 128 characters, spaces included and kept as typed. */
export const newPasswordSchema = z
  .string(message("passwordRequired"))
  .check(
    z.minLength(1, message("passwordRequired")),
    z.minLength(passwordLength.min, message("passwordTooShort")),
    z.maxLength(passwordLength.max, message("passwordTooLong")),
  );

/** Same-site path to return to after signing in; checked again with safeCallbackPath. */
const callbackUrlSchema = z.optional(z.string().check(z.maxLength(2048)));

export const signUpSchema = z.object({
  firstName: nameSchema("firstNameRequired"),
  lastName: nameSchema("lastNameRequired"),
  email: emailSchema,
  password: newPasswordSchema,
  callbackUrl: callbackUrlSchema,
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  // Old passwords are not re-judged by today's rules; the cap only bounds the hashing work.
  password: z
    .string(message("passwordRequired"))
    .check(z.minLength(1, message("passwordRequired")), z.maxLength(passwordLength.max, message("passwordTooLong"))),
  callbackUrl: callbackUrlSchema,
});
export type SignInInput = z.input<typeof signInSchema>;

export const emailOnlySchema = z.object({ email: emailSchema });

const tokenField = z.string().check(z.minLength(1), z.maxLength(200));

export const resetPasswordSchema = z
  .object({
    token: tokenField,
    password: newPasswordSchema,
    confirmPassword: z.string(message("passwordRequired")).check(z.minLength(1, message("passwordRequired"))),
  })
  .check(
    z.refine((input) => input.password === input.confirmPassword, {
      ...message("passwordsDoNotMatch"),
      path: ["confirmPassword"],
    }),
  );

export const tokenSchema = z.object({ token: tokenField });

/** The first message of each field that failed, keyed by field name. */
export function fieldErrorsOf(error: z.core.$ZodError): Partial<Record<string, AuthValidationKey>> {
  const errors: Partial<Record<string, AuthValidationKey>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && errors[field] === undefined && isAuthValidationKey(issue.message)) {
      errors[field] = issue.message;
    }
  }
  return errors;
}
