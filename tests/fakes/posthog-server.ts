import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

/**
 * A local stand-in for PostHog's ingestion API, speaking its HTTP protocol: posthog-node POSTs
 * `{ api_key, batch: [...] }` to /batch/, posthog-js POSTs to /e/ or /i/v0/e/ (optionally gzip,
 * `?compression=gzip-js`). It records every event and answers like PostHog does.
 */
export interface CapturedEvent {
  event: string;
  distinctId: string | undefined;
  properties: Record<string, unknown>;
  path: string;
}

export interface FakePostHog {
  url: string;
  events: CapturedEvent[];
  /** Resolves once `count` events arrived (or rejects after `timeoutMs`). */
  waitForEvents(count: number, timeoutMs?: number): Promise<CapturedEvent[]>;
  stop(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The events of one ingestion request body, as posthog-node and posthog-js send them. */
export function decodePostHogBody(body: Buffer, options: { gzip: boolean; path: string }): CapturedEvent[] {
  const text = (options.gzip ? gunzipSync(body) : body).toString("utf8");
  const payload: unknown = text.startsWith("data=")
    ? JSON.parse(Buffer.from(decodeURIComponent(text.slice(5)), "base64").toString("utf8"))
    : JSON.parse(text);
  return eventsOf(payload).map((raw) => {
    const properties = isRecord(raw.properties) ? raw.properties : {};
    const distinctId = raw.distinct_id ?? properties.distinct_id;
    return { event: String(raw.event), distinctId: typeof distinctId === "string" ? distinctId : undefined, properties, path: options.path };
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function eventsOf(payload: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(payload)) return payload.filter(isRecord);
  if (!isRecord(payload)) return [];
  return Array.isArray(payload.batch) ? payload.batch.filter(isRecord) : [payload];
}

export async function startFakePostHog(): Promise<FakePostHog> {
  const events: CapturedEvent[] = [];
  const waiters = new Set<() => void>();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    // The browser library posts across origins.
    response.setHeader("Access-Control-Allow-Origin", request.headers.origin ?? "*");
    response.setHeader("Access-Control-Allow-Credentials", "true");
    response.setHeader("Access-Control-Allow-Headers", "content-type");
    if (request.method === "OPTIONS") return void response.writeHead(204).end();
    if (request.method !== "POST") return void response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    try {
      const gzip = request.headers["content-encoding"] === "gzip" || url.searchParams.get("compression") === "gzip-js";
      events.push(...decodePostHogBody(await readBody(request), { gzip, path: url.pathname }));
      for (const wake of waiters) wake();
      response.writeHead(200, { "Content-Type": "application/json" }).end('{"status":1}');
    } catch {
      response.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    events,
    waitForEvents(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (events.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(events);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Expected ${count} events, got ${events.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
