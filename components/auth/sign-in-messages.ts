/** The texts under `auth` of the auth pages other than sign-in, which send them with their own routes. */
export const otherAuthPages = ["forgotPassword", "confirmEmail", "resetPassword", "signInLink"] as const;

/**
 * The general errors the sign-in page's actions can answer with (lib/actions/safe-action.ts
 * publicAction: input that fails its schema, a server fault); their own refusals are under
 * `auth.errors`. The other `errors` belong to signed-in actions (about 2.7 KB of the page).
 */
export const signInActionErrors = ["invalidInput", "unexpected"] as const;

/**
 * The client messages of the sign-in page's forms: the `auth` texts without the other auth
 * pages' and the general errors its actions can answer with (issue 16: every byte of the
 * prerendered page's HTML counts).
 */
export function signInFormMessages<Auth extends Record<string, unknown>, Errors extends Record<(typeof signInActionErrors)[number], unknown>>({
  auth,
  errors,
}: {
  auth: Auth;
  errors: Errors;
}) {
  const leftOut: readonly string[] = otherAuthPages;
  return {
    auth: Object.fromEntries(Object.entries(auth).filter(([key]) => !leftOut.includes(key))),
    errors: Object.fromEntries(signInActionErrors.map((key) => [key, errors[key]])),
  };
}
