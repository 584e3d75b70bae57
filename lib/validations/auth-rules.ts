import { regexes } from "zod/v4/core";

/**
 * The rules of the account forms, written once for the browser (instant feedback) and the server
 * actions (the check that counts: lib/validations/auth.ts builds its zod schemas on them). Plain
 * functions, so the auth pages do not load zod's schemas; the email pattern is zod's own.
 * Each problem is a key under `auth.validation` in messages/*.json.
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

/** Decision 13: passwords of 8 to 128 characters. */
export const passwordLength = { min: 8, max: 128 } as const;

/** What a field's rule says: a key the form shows, "invalid" for a field no form shows, or null. */
export type FieldProblem = AuthValidationKey | "invalid" | null;

export interface FieldRule {
  /** The problem when the value is missing or not text. */
  requiredKey: Exclude<FieldProblem, null>;
  /** The first problem of the typed value. */
  problemOf(typed: string): FieldProblem;
  /** The value kept once it passed. */
  normalize(typed: string): string;
}

const asTyped = (typed: string) => typed;

export const emailRule: FieldRule = {
  requiredKey: "emailRequired",
  problemOf(typed) {
    const email = typed.trim();
    if (email.length < 1) return "emailRequired";
    if (email.length > 254) return "emailTooLong";
    return regexes.email.test(email) ? null : "emailInvalid";
  },
  // One spelling per address: sign-up, sign-in and reset all look emails up in lower case.
  normalize: (typed) => typed.trim().toLowerCase(),
};

const nameRule = (requiredKey: AuthValidationKey): FieldRule => ({
  requiredKey,
  problemOf(typed) {
    const name = typed.trim();
    if (name.length < 1) return requiredKey;
    return name.length > 50 ? "nameTooLong" : null;
  },
  normalize: (typed) => typed.trim(),
});

/** A new password: 8 to 128 characters, spaces included and kept as typed. */
const newPasswordRule: FieldRule = {
  requiredKey: "passwordRequired",
  problemOf(password) {
    if (password.length < 1) return "passwordRequired";
    if (password.length < passwordLength.min) return "passwordTooShort";
    return password.length > passwordLength.max ? "passwordTooLong" : null;
  },
  normalize: asTyped,
};

/** Old passwords are not re-judged by today's rules; the cap only bounds the hashing work. */
const currentPasswordRule: FieldRule = {
  requiredKey: "passwordRequired",
  problemOf(password) {
    if (password.length < 1) return "passwordRequired";
    return password.length > passwordLength.max ? "passwordTooLong" : null;
  },
  normalize: asTyped,
};

const confirmPasswordRule: FieldRule = {
  requiredKey: "passwordRequired",
  problemOf: (password) => (password.length < 1 ? "passwordRequired" : null),
  normalize: asTyped,
};

/** The token of an emailed link; nobody types it, so it has no message of its own. */
const tokenRule: FieldRule = {
  requiredKey: "invalid",
  problemOf: (token) => (token.length >= 1 && token.length <= 200 ? null : "invalid"),
  normalize: asTyped,
};

export const signUpRules = {
  firstName: nameRule("firstNameRequired"),
  lastName: nameRule("lastNameRequired"),
  email: emailRule,
  password: newPasswordRule,
};
export const signInRules = { email: emailRule, password: currentPasswordRule };
export const emailOnlyRules = { email: emailRule };
export const resetPasswordRules = { token: tokenRule, password: newPasswordRule, confirmPassword: confirmPasswordRule };
export const tokenRules = { token: tokenRule };

/** The reset form's rule across fields: the confirmation repeats the new password. */
export const passwordsMatch = (input: { password: string; confirmPassword: string }) => input.password === input.confirmPassword;

export type FieldErrors = Partial<Record<string, AuthValidationKey>>;

export type FormCheck<Field extends string> = { ok: true; values: Record<Field, string> } | { ok: false; fieldErrors: FieldErrors };

/** The browser's check of a form: the kept values, or the first problem of each field. */
export function checkForm<Field extends string>(rules: Record<Field, FieldRule>, typed: Record<Field, string>): FormCheck<Field> {
  const values: Partial<Record<Field, string>> = {};
  const fieldErrors: FieldErrors = {};
  let ok = true;
  for (const field of Object.keys(rules) as Field[]) {
    const problem = rules[field].problemOf(typed[field]);
    if (problem === null) {
      values[field] = rules[field].normalize(typed[field]);
    } else {
      ok = false;
      if (problem !== "invalid") fieldErrors[field] = problem;
    }
  }
  return ok ? { ok, values: values as Record<Field, string> } : { ok, fieldErrors };
}

/** The reset form's check: its fields, then whether the confirmation matches. */
export function checkResetPassword(typed: Record<keyof typeof resetPasswordRules, string>): FormCheck<keyof typeof resetPasswordRules> {
  const checked = checkForm(resetPasswordRules, typed);
  if (passwordsMatch(typed)) return checked;
  const fieldErrors = checked.ok ? {} : checked.fieldErrors;
  return { ok: false, fieldErrors: { ...fieldErrors, confirmPassword: fieldErrors.confirmPassword ?? "passwordsDoNotMatch" } };
}
