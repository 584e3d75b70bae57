/** The texts under `auth` of the auth pages other than sign-in, which send them with their own routes. */
export const otherAuthPages = ["forgotPassword", "confirmEmail", "resetPassword", "signInLink"] as const;

/**
 * The client messages of the sign-in page's forms: the `auth` texts without the other auth
 * pages' (issue 16: every byte of the prerendered page's HTML counts) and the action errors.
 */
export function signInFormMessages<Auth extends Record<string, unknown>, Errors>({ auth, errors }: { auth: Auth; errors: Errors }) {
  const leftOut: readonly string[] = otherAuthPages;
  return { auth: Object.fromEntries(Object.entries(auth).filter(([key]) => !leftOut.includes(key))), errors };
}
