/**
 * Which failures of an outside call are worth another attempt: a dropped or refused connection,
 * and the HTTP answers that mean "not now" (429, 502, 503, 504; hosted APIs add 500). Errors
 * come in many shapes (fetch, node:http, the S3, OpenAI, Replicate, fal and Gemini SDKs), so
 * the status, the headers and the system error code are looked for where each puts them,
 * along the `cause` chain.
 */

export interface TransientFailure {
  /** What the service asked us to wait (Retry-After), when it said. */
  retryAfterMs?: number;
}

/** The statuses retried unless a caller says otherwise. */
export const defaultRetryStatuses: readonly number[] = [429, 502, 503, 504];
/** Hosted image APIs: every 5xx is a fault on their side and worth another try. */
export const hostedApiRetryStatuses: readonly number[] = [429, 500, 502, 503, 504];

const transientCodes = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);

/** An HTTP answer our own code treats as an error; carries what a retry needs. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly headers: Headers,
    message: string,
  ) {
    super(message);
    this.name = "HttpStatusError";
  }
}

/**
 * A connection that failed before any answer, reported by our own code without the system
 * error as its cause (so no SDK mistakes it for one of its own retryable errors); the message
 * keeps that error for the logs.
 */
export class ConnectionFailure extends Error {
  constructor(
    readonly detail: string,
    /** The system error's code (ECONNREFUSED, ECONNRESET, ...), when there was one. */
    readonly code?: string,
  ) {
    super(`connection failed: ${detail}`);
    this.name = "ConnectionFailure";
  }
}

type Shape = Record<string, unknown>;

function isObject(value: unknown): value is Shape {
  return typeof value === "object" && value !== null;
}

/** The error, its `cause`, the cause's cause... (bounded: a cycle must not hang us). */
function* causeChain(error: unknown): Generator<Shape> {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && isObject(current); depth += 1) {
    yield current;
    current = current.cause;
  }
}

function statusOf(shape: Shape): number | undefined {
  const candidates = [
    shape.status,
    shape.statusCode,
    isObject(shape.$metadata) ? shape.$metadata.httpStatusCode : undefined,
    isObject(shape.response) ? shape.response.status : undefined,
  ];
  return candidates.find((value): value is number => typeof value === "number" && value >= 100 && value < 600);
}

function headerOf(shape: Shape, name: string): string | undefined {
  const sources = [
    shape.headers,
    isObject(shape.response) ? shape.response.headers : undefined,
    isObject(shape.$response) ? shape.$response.headers : undefined,
  ];
  for (const headers of sources) {
    if (headers instanceof Headers) {
      const value = headers.get(name);
      if (value !== null) return value;
    } else if (isObject(headers)) {
      const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
      if (typeof entry?.[1] === "string") return entry[1];
    }
  }
  return undefined;
}

/** The HTTP status an error carries (ours, an SDK's, along the cause chain), if any. */
export function httpStatusOf(error: unknown): number | undefined {
  for (const shape of causeChain(error)) {
    const status = statusOf(shape);
    if (status !== undefined) return status;
  }
  return undefined;
}

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), or retry-after-ms; in ms. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function retryAfterOf(shape: Shape): number | undefined {
  const milliseconds = headerOf(shape, "retry-after-ms");
  if (milliseconds !== undefined && /^\d+$/.test(milliseconds.trim())) return Number(milliseconds.trim());
  return parseRetryAfter(headerOf(shape, "retry-after"));
}

/** The failure as transient (with what the service asked us to wait), or undefined. */
export function transientFailure(
  error: unknown,
  retryStatuses: readonly number[] = defaultRetryStatuses,
): TransientFailure | undefined {
  for (const shape of causeChain(error)) {
    const status = statusOf(shape);
    if (status !== undefined) return retryStatuses.includes(status) ? { retryAfterMs: retryAfterOf(shape) } : undefined;
    if (typeof shape.code === "string" && transientCodes.has(shape.code)) return {};
    // The AWS SDK marks throttling and connection faults it saw as retryable.
    if (isObject(shape.$retryable)) return {};
    if (shape instanceof ConnectionFailure) return {};
  }
  return undefined;
}
