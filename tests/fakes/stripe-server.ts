import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StripeSimulation } from "./stripe-simulation";
import { StripeApiError, type StripeObject, type StripeWorld } from "./stripe-world";

/**
 * A local stand-in for the parts of Stripe's HTTP API the app calls. The real SDK talks to it
 * (host, port and protocol options), so tests see exactly what would be sent to Stripe: every
 * request is recorded with its form-encoded body decoded into nested objects. Idempotency keys
 * behave like Stripe's: a repeated key gets the first response back, and the same key with
 * other parameters is refused. Behind it is a StripeWorld (stripe-world.ts) whose state moves
 * with the test's script and which emits the events Stripe would send.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  body: FormObject;
}

interface StoredResponse {
  status: number;
  body: unknown;
}

/** A refund the fake accepted: the payment intent (or charge) it went back to. */
export interface FakeRefund {
  id: string;
  payment: string;
  amount: number;
  metadata: FormObject;
}

export interface FakeStripe {
  port: number;
  world: StripeSimulation;
  requests: RecordedRequest[];
  /**
   * Payments a test wrote straight into the database, never made through the fake's checkout:
   * their amount per PaymentIntent, so refunds of them are accepted (and bounded) as Stripe would.
   */
  payments: Map<string, number>;
  /** Refunds created through POST /v1/refunds, in order. */
  refunds: FakeRefund[];
  /** The subscriptions GET /v1/subscriptions/:id answers with (the world's, as they stand now). */
  subscriptions: Map<string, StripeObject>;
  /** Makes every request whose path starts with `pathPrefix` fail with a Stripe error until cleared. */
  failRequests(pathPrefix: string, status?: number): void;
  clearFailures(): void;
  requestsTo(method: string, path: string): RecordedRequest[];
  close(): Promise<void>;
}

function isFormObject(value: FormValue | undefined): value is FormObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Turns objects whose keys are 0..n-1 into arrays, as Stripe's form encoding means them. */
function withArrays(value: FormValue): FormValue {
  if (!isFormObject(value)) return value;
  const entries = Object.entries(value).map(([key, child]) => [key, withArrays(child)] as const);
  const isList = entries.length > 0 && entries.every(([key], index) => key === String(index));
  return isList ? entries.map(([, child]) => child) : Object.fromEntries(entries);
}

/** Decodes `a[b][0][c]=1` pairs into `{ a: { b: [{ c: "1" }] } }`. */
export function decodeStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = node[segment];
      if (!isFormObject(next)) node[segment] = {};
      const child = node[segment];
      if (isFormObject(child)) node = child;
    });
  }
  const decoded = withArrays(root);
  return isFormObject(decoded) ? decoded : {};
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

function stripeError(status: number, message: string, code?: string): StoredResponse {
  return { status, body: { error: { type: status >= 500 ? "api_error" : "invalid_request_error", message, ...(code ? { code } : {}) } } };
}

type Route = { method: string; pattern: RegExp; answer: (world: StripeWorld, id: string, body: FormObject) => unknown };

const routes: Route[] = [
  { method: "POST", pattern: /^\/v1\/customers$/, answer: (world, _id, body) => world.createCustomer(body) },
  { method: "POST", pattern: /^\/v1\/checkout\/sessions$/, answer: (world, _id, body) => world.createCheckoutSession(body) },
  { method: "GET", pattern: /^\/v1\/checkout\/sessions\/([\w-]+)$/, answer: (world, id) => world.retrieveCheckoutSession(id) },
  { method: "POST", pattern: /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/, answer: (world, id) => world.expireCheckoutSession(id) },
  {
    method: "POST",
    pattern: /^\/v1\/billing_portal\/sessions$/,
    answer: (_world, _id, body) => {
      const id = newId("bps");
      return { id, object: "billing_portal.session", customer: body.customer, url: `https://billing.stripe.test/p/session/${id}` };
    },
  },
  { method: "GET", pattern: /^\/v1\/subscriptions\/([\w-]+)$/, answer: (world, id, query) => world.readSubscription(id, query) },
  { method: "DELETE", pattern: /^\/v1\/subscriptions\/([\w-]+)$/, answer: (world, id) => world.cancelSubscription(id) },
  { method: "GET", pattern: /^\/v1\/invoices$/, answer: (world, _id, query) => world.listInvoices(query) },
  { method: "GET", pattern: /^\/v1\/invoices\/([\w-]+)$/, answer: (world, id) => world.retrieveInvoice(id) },
  { method: "GET", pattern: /^\/v1\/invoice_payments$/, answer: (world, _id, query) => world.listInvoicePayments(query) },
  { method: "GET", pattern: /^\/v1\/payment_intents\/([\w-]+)$/, answer: (world, id) => world.retrievePaymentIntent(id) },
  { method: "GET", pattern: /^\/v1\/charges\/([\w-]+)$/, answer: (world, id) => world.retrieveCharge(id) },
  { method: "POST", pattern: /^\/v1\/refunds$/, answer: (world, _id, body) => world.createRefund(body) },
];

function route(world: StripeWorld, method: string, path: string, body: FormObject): StoredResponse {
  for (const candidate of routes) {
    const match = candidate.method === method ? candidate.pattern.exec(path) : null;
    if (!match) continue;
    try {
      return { status: 200, body: structuredClone(candidate.answer(world, match[1] ?? "", body)) };
    } catch (error) {
      if (error instanceof StripeApiError) return stripeError(error.status, error.message, error.code);
      throw error;
    }
  }
  return stripeError(404, `Unrecognized request URL (${method}: ${path})`);
}

/** A refund of a payment registered in `fake.payments` finds that payment in the world. */
function knowPayment(fake: FakeStripe, body: FormObject): void {
  const intent = typeof body.payment_intent === "string" ? body.payment_intent : undefined;
  const amount = intent ? fake.payments.get(intent) : undefined;
  if (intent && amount !== undefined && !fake.world.hasPayment(intent)) fake.world.recordPayment(intent, amount);
}

function recordRefund(fake: FakeStripe, body: FormObject, answer: unknown): void {
  const refund = typeof answer === "object" && answer !== null ? { ...answer } : {};
  const id = "id" in refund && typeof refund.id === "string" ? refund.id : "";
  const amount = "amount" in refund && typeof refund.amount === "number" ? refund.amount : 0;
  const payment = typeof body.payment_intent === "string" ? body.payment_intent : typeof body.charge === "string" ? body.charge : "";
  fake.refunds.push({ id, payment, amount, metadata: isFormObject(body.metadata) ? body.metadata : {} });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString("utf8");
}

function send(response: ServerResponse, stored: StoredResponse): void {
  response.writeHead(stored.status, {
    "content-type": "application/json",
    "request-id": newId("req"),
    // Failures should fail once, not be retried by the SDK.
    ...(stored.status >= 400 ? { "stripe-should-retry": "false" } : {}),
  });
  response.end(JSON.stringify(stored.body));
}

export async function startFakeStripe(options: { start?: Date } = {}): Promise<FakeStripe> {
  const idempotent = new Map<string, { request: string; response: StoredResponse }>();
  const failures = new Map<string, number>();
  const world = new StripeSimulation(options.start);
  const fake: FakeStripe = {
    port: 0,
    world,
    requests: [],
    payments: new Map(),
    refunds: [],
    subscriptions: world.subscriptions,
    failRequests: (pathPrefix, status = 500) => void failures.set(pathPrefix, status),
    clearFailures: () => failures.clear(),
    requestsTo: (method, path) => fake.requests.filter((r) => r.method === method && r.path === path),
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };

  const server = createServer((request, response) => {
    void (async () => {
      const method = request.method ?? "GET";
      const url = new URL(request.url ?? "/", "http://stripe.test");
      const text = await readBody(request);
      const body = decodeStripeForm(method === "GET" ? url.search.slice(1) : text);
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const idempotencyKey = header("idempotency-key");
      fake.requests.push({ method, path: url.pathname, idempotencyKey, authorization: header("authorization"), body });

      const failure = [...failures].find(([prefix]) => url.pathname.startsWith(prefix));
      if (failure) return send(response, stripeError(failure[1], "Injected failure"));
      const requestKey = `${method} ${url.pathname} ${text}`;
      const earlier = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
      if (earlier) {
        // Stripe refuses a key reused with other parameters instead of answering the first response.
        if (earlier.request !== requestKey) {
          return send(response, stripeError(400, "Keys for idempotent requests can only be used with the same parameters they were first used with.", "idempotency_error"));
        }
        return send(response, earlier.response);
      }
      if (method === "POST" && url.pathname === "/v1/refunds") knowPayment(fake, body);
      const stored = route(world, method, url.pathname, body);
      if (idempotencyKey) idempotent.set(idempotencyKey, { request: requestKey, response: stored });
      if (method === "POST" && url.pathname === "/v1/refunds" && stored.status === 200) recordRefund(fake, body, stored.body);
      send(response, stored);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === "string") throw new Error("The fake Stripe server has no TCP port");
  fake.port = address.port;
  return fake;
}
