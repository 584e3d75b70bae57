/**
 * The delete-account dialog's check, shared by the browser and the server action; kept apart
 * from the zod schemas of lib/validations/privacy.ts so the dialog does not load zod.
 * Case and surrounding spaces do not matter; emails are stored lower-cased.
 */
export function confirmsEmail(typed: string, accountEmail: string): boolean {
  return typed.trim().toLowerCase() === accountEmail.trim().toLowerCase();
}
