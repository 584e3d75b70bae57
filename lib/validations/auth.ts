import { z } from "zod";

/**
 * Schemas of the account forms, shared by the browser (instant feedback) and the server actions
 * (the check that counts). Each message is a key under `auth.validation` in messages/*.json.
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

export const emailSchema = z
  .string(message("emailRequired"))
  .trim()
  .min(1, message("emailRequired"))
  .max(254, message("emailTooLong"))
  .pipe(z.email(message("emailInvalid")))
  // One spelling per address: sign-up, sign-in and reset all look emails up in lower case.
  .transform((email) => email.toLowerCase());

const nameSchema = (requiredKey: AuthValidationKey) =>
  z.string(message(requiredKey)).trim().min(1, message(requiredKey)).max(50, message("nameTooLong"));

/** A new password: 8 to 128 characters, spaces included and kept as typed. */
export const newPasswordSchema = z
  .string(message("passwordRequired"))
  .min(1, message("passwordRequired"))
  .min(passwordLength.min, message("passwordTooShort"))
  .max(passwordLength.max, message("passwordTooLong"));

/** Same-site path to return to after signing in; checked again with safeCallbackPath. */
const callbackUrlSchema = z.string().max(2048).optional();

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
    .min(1, message("passwordRequired"))
    .max(passwordLength.max, message("passwordTooLong")),
  callbackUrl: callbackUrlSchema,
});
export type SignInInput = z.input<typeof signInSchema>;

export const emailOnlySchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1).max(200),
    password: newPasswordSchema,
    confirmPassword: z.string(message("passwordRequired")).min(1, message("passwordRequired")),
  })
  .refine((input) => input.password === input.confirmPassword, {
    ...message("passwordsDoNotMatch"),
    path: ["confirmPassword"],
  });

export const tokenSchema = z.object({ token: z.string().min(1).max(200) });

/** The first message of each field that failed, keyed by field name. */
export function fieldErrorsOf(error: z.ZodError): Partial<Record<string, AuthValidationKey>> {
  const errors: Partial<Record<string, AuthValidationKey>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && errors[field] === undefined && isAuthValidationKey(issue.message)) {
      errors[field] = issue.message;
    }
  }
  return errors;
}
