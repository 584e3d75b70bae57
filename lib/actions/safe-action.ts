import "server-only";
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { getSessionUser, type SessionUser } from "@/lib/auth/session";
import { fieldErrorsOf, type AuthValidationKey } from "@/lib/validations/auth";
import type messages from "@/messages/en.json";

type Messages = typeof messages;

/** A translation key the UI shows with `t(error)`: a general error or an account error. */
export type ActionErrorKey = `errors.${keyof Messages["errors"]}` | `auth.errors.${keyof Messages["auth"]["errors"]}`;

/** Values for the message's placeholders, e.g. `{ minutes: 12 }`. */
export type ActionErrorValues = Record<string, string | number>;

export type ActionFailure = {
  ok: false;
  error: ActionErrorKey;
  values?: ActionErrorValues;
  /** Per-field message keys (under `auth.validation`) when the input did not pass the schema. */
  fieldErrors?: Partial<Record<string, AuthValidationKey>>;
};

export type ActionResult<T> = { ok: true; data: T } | ActionFailure;

/** Thrown by a handler for an expected failure the user should read about. */
export class ActionError extends Error {
  constructor(
    readonly messageKey: ActionErrorKey,
    readonly values?: ActionErrorValues,
  ) {
    super(messageKey);
    this.name = "ActionError";
  }
}

/**
 * The one wrapper behind publicAction and userAction: resolves who is asking, validates the
 * input with zod and turns every outcome into an ActionResult, so a raw server error never
 * reaches the browser. Next.js control flow (redirect, notFound) is rethrown untouched.
 */
function createAction<Schema extends z.ZodType, Caller, Output>(
  schema: Schema,
  resolveCaller: () => Promise<{ ok: true; caller: Caller } | ActionFailure>,
  handler: (input: z.output<Schema>, caller: Caller) => Promise<Output>,
): (input: z.input<Schema>) => Promise<ActionResult<Output>> {
  return async (input) => {
    try {
      const resolved = await resolveCaller();
      if (!resolved.ok) return resolved;
      const parsed = schema.safeParse(input);
      if (!parsed.success) return { ok: false, error: "errors.invalidInput", fieldErrors: fieldErrorsOf(parsed.error) };
      return { ok: true, data: await handler(parsed.data, resolved.caller) };
    } catch (error) {
      unstable_rethrow(error);
      if (error instanceof ActionError) return { ok: false, error: error.messageKey, values: error.values };
      console.error("Server action failed", error);
      return { ok: false, error: "errors.unexpected" };
    }
  };
}

/** A server action anyone may call (sign-in, language choice). */
export function publicAction<Schema extends z.ZodType, Output>(
  schema: Schema,
  handler: (input: z.output<Schema>) => Promise<Output>,
): (input: z.input<Schema>) => Promise<ActionResult<Output>> {
  return createAction(schema, async () => ({ ok: true, caller: undefined }), (input) => handler(input));
}

/** A server action for the signed-in user, resolved on the server; others get errors.unauthenticated. */
export function userAction<Schema extends z.ZodType, Output>(
  schema: Schema,
  handler: (input: z.output<Schema>, user: SessionUser) => Promise<Output>,
): (input: z.input<Schema>) => Promise<ActionResult<Output>> {
  return createAction(
    schema,
    async () => {
      const user = await getSessionUser();
      return user ? { ok: true, caller: user } : { ok: false, error: "errors.unauthenticated" };
    },
    handler,
  );
}
