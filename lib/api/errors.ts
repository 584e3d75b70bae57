import "server-only";
import { ZodError } from "zod";

/**
 * The one error mapper of route handlers (DESIGN rule 3): invalid input answers 422, a known
 * error its own status, anything else is logged and answered with a generic 500, so a raw
 * server error never reaches a client.
 */
export type ApiErrorCode = "not_found" | "invalid_input" | "unauthorized" | "forbidden" | "conflict" | "internal";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Also used for "exists but is not yours", so a stranger cannot tell the two apart. */
export class NotFoundError extends ApiError {
  constructor(message = "Not found") {
    super(404, "not_found", message);
  }
}

const noStore = { "Cache-Control": "no-store" };

export function errorResponse(error: unknown): Response {
  if (error instanceof ZodError) {
    const issues = error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    return Response.json({ error: { code: "invalid_input", message: "Invalid input", issues } }, { status: 422, headers: noStore });
  }
  if (error instanceof ApiError) {
    return Response.json({ error: { code: error.code, message: error.message } }, { status: error.status, headers: noStore });
  }
  console.error("Route handler failed", error);
  return Response.json(
    { error: { code: "internal", message: "Something went wrong. Please try again." } },
    { status: 500, headers: noStore },
  );
}

/** Wraps a route handler so every thrown error goes through errorResponse. */
export function withErrorHandling<Args extends unknown[]>(
  handler: (...args: Args) => Promise<Response>,
): (...args: Args) => Promise<Response> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      return errorResponse(error);
    }
  };
}
