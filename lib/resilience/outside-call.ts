import { transientFailure, type TransientFailure } from "./transient-failures";

/**
 * One way to call anything outside the process (an image service, a result download, object
 * storage): every attempt has its own time limit, the caller's signal (a job's) ends the call
 * at once, and transient failures are tried again with exponential backoff and jitter, waiting
 * what the service asked for (Retry-After), but never past the deadline. A call that ignores its
 * signal is abandoned rather than waited for, so a stalled service cannot hold a worker slot.
 */

export interface OutsideCallOptions {
  /** Names the call in errors and logs: "webhook POST", "storage put". */
  name: string;
  /** The caller's signal: aborting it rejects the call at once with the signal's reason. */
  signal?: AbortSignal;
  /** Milliseconds since the epoch; no attempt runs and no wait lasts beyond it. */
  deadline?: number;
  /** The time limit of one attempt. */
  timeoutMs: number;
  /** Attempts at most (default 3). */
  maxAttempts?: number;
  /** The first backoff (default 500 ms); it doubles with each retry up to maxDelayMs (default 8 s). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Whether an attempt that ran out of time may be repeated: only for idempotent calls. */
  retryTimeouts?: boolean;
  /** Whether a failure is worth another attempt (default transientFailure). */
  classify?: (error: unknown) => TransientFailure | undefined;
}

/** An attempt ran out of time (its own limit or the deadline's share of it). */
export class OutsideCallTimeout extends Error {
  constructor(
    readonly callName: string,
    readonly timeoutMs: number,
  ) {
    super(`${callName} timed out after ${timeoutMs} ms`);
    this.name = "OutsideCallTimeout";
  }
}

/** Nothing was tried: the deadline had already passed. */
export class OutsideCallDeadlinePassed extends Error {
  constructor(readonly callName: string) {
    super(`${callName} not attempted: the deadline has passed`);
    this.name = "OutsideCallDeadlinePassed";
  }
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** `work`, or a rejection with the signal's reason as soon as it aborts (the work is abandoned). */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function backoffMs(retry: number, options: OutsideCallOptions): number {
  const ceiling = Math.min(options.maxDelayMs ?? 8_000, (options.baseDelayMs ?? 500) * 2 ** (retry - 1));
  // "Equal jitter": at least half the backoff, so retries stay spaced, spread over the rest.
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

async function attempt<T>(call: (signal: AbortSignal) => Promise<T>, options: OutsideCallOptions, limitMs: number): Promise<T> {
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(new OutsideCallTimeout(options.name, limitMs)), limitMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timer.signal]) : timer.signal;
  try {
    return await untilAborted(
      Promise.resolve().then(() => call(signal)),
      signal,
    );
  } catch (error) {
    // A call that reacted to the abort throws its own AbortError; report why it was aborted.
    throw signal.aborted ? signal.reason : error;
  } finally {
    clearTimeout(timeout);
  }
}

export async function callOutside<T>(call: (signal: AbortSignal) => Promise<T>, options: OutsideCallOptions): Promise<T> {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const classify = options.classify ?? ((error: unknown) => transientFailure(error));
  for (let attemptNumber = 1; ; attemptNumber += 1) {
    options.signal?.throwIfAborted();
    const left = options.deadline === undefined ? Number.POSITIVE_INFINITY : options.deadline - Date.now();
    if (left <= 0) throw new OutsideCallDeadlinePassed(options.name);
    try {
      return await attempt(call, options, Math.min(options.timeoutMs, left));
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      const transient = error instanceof OutsideCallTimeout ? (options.retryTimeouts ? {} : undefined) : classify(error);
      if (!transient || attemptNumber >= maxAttempts) throw error;
      const waitMs = transient.retryAfterMs ?? backoffMs(attemptNumber, options);
      const leftAfterWait = options.deadline === undefined ? Number.POSITIVE_INFINITY : options.deadline - Date.now() - waitMs;
      // Waiting past the deadline would only turn this failure into a timeout.
      if (leftAfterWait <= 0) throw error;
      await pause(waitMs, options.signal);
    }
  }
}
