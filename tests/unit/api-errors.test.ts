import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, NotFoundError, errorResponse, withErrorHandling } from "@/lib/api/errors";

describe("route error mapper (DESIGN rule 3)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("answers invalid input with 422 and the issues", async () => {
    const parsed = z.object({ id: z.uuid() }).safeParse({ id: "nope" });
    if (parsed.success) throw new Error("expected a failure");
    const response = errorResponse(parsed.error);
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.error.code).toBe("invalid_input");
    expect(body.error.issues[0].path).toBe("id");
  });

  it("answers a known error with its own status", async () => {
    expect(errorResponse(new NotFoundError()).status).toBe(404);
    expect(errorResponse(new ApiError(409, "conflict", "Already done")).status).toBe(409);
  });

  it("logs anything else and answers a generic 500 without the details", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const handler = withErrorHandling(async () => {
      throw new Error("password=hunter2 connection refused");
    });
    const response = await handler();
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("hunter2");
    expect(log).toHaveBeenCalledOnce();
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
