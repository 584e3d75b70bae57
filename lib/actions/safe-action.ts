import "server-only";
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import type messages from "@/messages/en.json";

/** A translation key under `errors` in messages/*.json; the UI shows `t(error)`. */
export type ActionErrorKey = `errors.${keyof (typeof messages)["errors"]}`;

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ActionErrorKey };

/** Thrown by a handler for an expected failure the user should read about. */
export class ActionError extends Error {
  constructor(readonly messageKey: ActionErrorKey) {
    super(messageKey);
    this.name = "ActionError";
  }
}

/**
 * Wraps a server action for visitors (no sign-in needed): validates the input with zod and
 * turns every outcome into an ActionResult, so a raw server error never reaches the browser.
 * Next.js control flow (redirect, notFound) is rethrown untouched.
 */
export function publicAction<Schema extends z.ZodType, Output>(
  schema: Schema,
  handler: (input: z.output<Schema>) => Promise<Output>,
): (input: z.input<Schema>) => Promise<ActionResult<Output>> {
  return async (input) => {
    const parsed = schema.safeParse(input);
    if (!parsed.success) return { ok: false, error: "errors.invalidInput" };
    try {
      return { ok: true, data: await handler(parsed.data) };
    } catch (error) {
      unstable_rethrow(error);
      if (error instanceof ActionError) return { ok: false, error: error.messageKey };
      console.error("Server action failed", error);
      return { ok: false, error: "errors.unexpected" };
    }
  };
}
