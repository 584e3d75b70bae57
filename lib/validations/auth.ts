import { z } from "zod";
import {
  emailOnlyRules,
  isAuthValidationKey,
  passwordsMatch,
  resetPasswordRules,
  signInRules,
  signUpRules,
  tokenRules,
  type AuthValidationKey,
  type FieldRule,
} from "./auth-rules";

/**
 * The server actions' schemas of the account forms, built on the rules the browser checks with
 * (lib/validations/auth-rules.ts). Each message is a key under `auth.validation` in messages/*.json.
 */

export { authValidationKeys, isAuthValidationKey, passwordLength, type AuthValidationKey } from "./auth-rules";

/** A field of a rule: text, its first problem as the issue's message, the kept value as output. */
function fieldSchema(rule: FieldRule) {
  return z
    .string({ error: rule.requiredKey })
    .superRefine((typed, context) => {
      const problem = rule.problemOf(typed);
      if (problem !== null) context.addIssue({ code: "custom", message: problem });
    })
    .transform(rule.normalize);
}

function formSchema<Field extends string>(rules: Record<Field, FieldRule>) {
  const fields = Object.fromEntries(Object.entries<FieldRule>(rules).map(([field, rule]) => [field, fieldSchema(rule)]));
  return z.object(fields as Record<Field, ReturnType<typeof fieldSchema>>);
}

/** Same-site path to return to after signing in; checked again with safeCallbackPath. */
const callbackUrlSchema = z.string().max(2048).optional();

export const signUpSchema = formSchema(signUpRules).extend({ callbackUrl: callbackUrlSchema });
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = formSchema(signInRules).extend({ callbackUrl: callbackUrlSchema });
export type SignInInput = z.input<typeof signInSchema>;

export const emailOnlySchema = formSchema(emailOnlyRules);

export const resetPasswordSchema = formSchema(resetPasswordRules).refine(passwordsMatch, {
  error: "passwordsDoNotMatch" satisfies AuthValidationKey,
  path: ["confirmPassword"],
});

export const tokenSchema = formSchema(tokenRules);

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
