import { ConnectionFailure, HttpStatusError, hostedApiRetryStatuses } from "@/lib/resilience/transient-failures";

/**
 * The `fetch` handed to a hosted model's SDK for one attempt of one call (each SDK documents a
 * custom fetch option). Retrying is callOutside's job, which knows the job's deadline and honours
 * Retry-After; the SDKs would retry on their own, immediately or after sleeps nobody can
 * interrupt. So a 429 or 5xx, or a dropped connection, ends this attempt: the failure is thrown
 * as our own error (which no SDK recognises as retryable), and every further request the SDK
 * makes within the attempt fails the same way without reaching the network.
 */

function connectionFailure(error: unknown): ConnectionFailure {
  const parts: string[] = [];
  let firstCode: string | undefined;
  for (let current: unknown = error; current instanceof Error && parts.length < 4; current = current.cause) {
    const code = "code" in current && typeof current.code === "string" ? current.code : undefined;
    firstCode ??= code;
    parts.push(`${current.message}${code ? ` (${code})` : ""}`);
  }
  return new ConnectionFailure(parts.join(": ") || String(error), firstCode);
}

export function attemptFetch(signal: AbortSignal, retryStatuses: readonly number[] = hostedApiRetryStatuses): typeof fetch {
  let failure: unknown;
  return async (input, init) => {
    if (failure !== undefined) throw failure;
    let response: Response;
    try {
      response = await fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal });
    } catch (error) {
      failure = signal.aborted ? signal.reason : connectionFailure(error);
      throw failure;
    }
    if (retryStatuses.includes(response.status)) {
      const text = await response.text().catch(() => "");
      failure = new HttpStatusError(response.status, response.headers, `HTTP ${response.status}: ${text.slice(0, 300)}`);
      throw failure;
    }
    return response;
  };
}
