import { describe, expect, it } from "vitest";
import { callOutside, OutsideCallDeadlinePassed, OutsideCallTimeout } from "@/lib/resilience/outside-call";
import {
  HttpStatusError,
  hostedApiRetryStatuses,
  parseRetryAfter,
  transientFailure,
} from "@/lib/resilience/transient-failures";

/** A call that fails with each error in turn, then answers "done"; it counts its attempts. */
function scripted(...failures: unknown[]) {
  const calls: AbortSignal[] = [];
  const call = async (signal: AbortSignal) => {
    calls.push(signal);
    const failure = failures.shift();
    if (failure !== undefined) throw failure;
    return "done";
  };
  return { call, calls };
}

const status = (code: number, headers: Record<string, string> = {}) => new HttpStatusError(code, new Headers(headers), `HTTP ${code}`);
const reset = () => Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }) });
const quick = { name: "test call", timeoutMs: 1_000, baseDelayMs: 10, maxDelayMs: 40 };

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error,
  );
}

describe("callOutside", () => {
  it("retries a connection reset and 502/503/504 with backoff, then answers", async () => {
    const { call, calls } = scripted(reset(), status(502), status(503));
    expect(await callOutside(call, { ...quick, maxAttempts: 4 })).toBe("done");
    expect(calls).toHaveLength(4);
  });

  it("does not retry an answer that will not change (400, 401, 500 by default)", async () => {
    for (const code of [400, 401, 500]) {
      const { call, calls } = scripted(status(code));
      expect(await rejection(callOutside(call, quick))).toMatchObject({ status: code });
      expect(calls).toHaveLength(1);
    }
  });

  it("gives up after maxAttempts with the last failure", async () => {
    const { call, calls } = scripted(status(500), status(500), status(500), status(500));
    const classify = (error: unknown) => transientFailure(error, hostedApiRetryStatuses);
    expect(await rejection(callOutside(call, { ...quick, classify }))).toMatchObject({ status: 500 });
    expect(calls).toHaveLength(3);
  });

  it("waits what Retry-After asks for", async () => {
    const { call, calls } = scripted(status(429, { "retry-after": "1" }));
    const started = Date.now();
    expect(await callOutside(call, quick)).toBe("done");
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(calls).toHaveLength(2);
  });

  it("fails at once when Retry-After reaches past the deadline", async () => {
    const { call, calls } = scripted(status(503, { "retry-after": "30" }));
    const started = Date.now();
    expect(await rejection(callOutside(call, { ...quick, deadline: Date.now() + 5_000 }))).toMatchObject({ status: 503 });
    expect(Date.now() - started).toBeLessThan(500);
    expect(calls).toHaveLength(1);
  });

  it("cuts an attempt that ignores its signal at its time limit, and repeats it only when asked", async () => {
    const hanging = () => new Promise<never>(() => {});
    const started = Date.now();
    const timedOut = await rejection(callOutside(hanging, { ...quick, timeoutMs: 100 }));
    expect(timedOut).toBeInstanceOf(OutsideCallTimeout);
    // Far below forever, with room for a loaded machine's late timers.
    expect(Date.now() - started).toBeLessThan(2_000);

    let attempts = 0;
    const slowThenQuick = (signal: AbortSignal) => {
      attempts += 1;
      return attempts === 1 ? new Promise<string>((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted")))) : Promise.resolve("done");
    };
    expect(await callOutside(slowThenQuick, { ...quick, timeoutMs: 100, retryTimeouts: true })).toBe("done");
    expect(attempts).toBe(2);
  });

  it("never lets an attempt outlast the deadline", async () => {
    const started = Date.now();
    const error = await rejection(callOutside(() => new Promise<never>(() => {}), { ...quick, timeoutMs: 60_000, deadline: Date.now() + 150 }));
    expect(error).toBeInstanceOf(OutsideCallTimeout);
    // Far below the attempt's own 60 s limit.
    expect(Date.now() - started).toBeLessThan(2_000);
    const late = scripted();
    expect(await rejection(callOutside(late.call, { ...quick, deadline: Date.now() - 1 }))).toBeInstanceOf(OutsideCallDeadlinePassed);
    expect(late.calls).toHaveLength(0);
  });

  it("ends at once with the caller's reason when its signal aborts, also while waiting to retry", async () => {
    const controller = new AbortController();
    const reason = new Error("job stopped");
    const { call, calls } = scripted(status(503, { "retry-after": "5" }));
    const pending = rejection(callOutside(call, { ...quick, signal: controller.signal }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort(reason);
    expect(await pending).toBe(reason);
    expect(calls).toHaveLength(1);

    const running = new AbortController();
    const hanging = rejection(callOutside(() => new Promise<never>(() => {}), { ...quick, signal: running.signal }));
    running.abort(reason);
    expect(await hanging).toBe(reason);
  });

  it("hands every attempt a signal that aborts with the attempt's time limit", async () => {
    let seen: AbortSignal | undefined;
    await rejection(
      callOutside(
        (signal) => {
          seen = signal;
          return new Promise<never>(() => {});
        },
        { ...quick, timeoutMs: 50 },
      ),
    );
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBeInstanceOf(OutsideCallTimeout);
  });
});

describe("transient failures", () => {
  it("reads statuses and Retry-After where each client puts them", () => {
    expect(transientFailure({ $metadata: { httpStatusCode: 503 } })).toEqual({ retryAfterMs: undefined });
    expect(transientFailure({ response: { status: 429, headers: new Headers({ "retry-after": "2" }) } })).toEqual({ retryAfterMs: 2000 });
    expect(transientFailure({ status: 429, headers: { "Retry-After-Ms": "250" } })).toEqual({ retryAfterMs: 250 });
    expect(transientFailure({ status: 404 })).toBeUndefined();
    expect(transientFailure(reset())).toEqual({});
    expect(transientFailure(new Error("bad input"))).toBeUndefined();
  });

  it("parses Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2030-01-01T00:00:00Z");
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter("Tue, 01 Jan 2030 00:00:10 GMT", now)).toBe(10_000);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
