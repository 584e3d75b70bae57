import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the parts of Stripe's HTTP API the app calls. The real SDK talks to it
 * (host, port and protocol options), so tests see exactly what would be sent to Stripe: every
 * request is recorded with its form-encoded body decoded into nested objects. Idempotency keys
 * behave like Stripe's: a repeated key gets the first response back.
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
  requests: RecordedRequest[];
  /** Subscriptions GET /v1/subscriptions/:id answers with; tests set the state Stripe "has". */
  subscriptions: Map<string, Record<string, unknown>>;
  /** Amounts paid per payment intent, so a refund beyond them is refused as Stripe would. */
  payments: Map<string, number>;
  /** Refunds created through POST /v1/refunds, in order. */
  refunds: FakeRefund[];
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

function stripeError(status: number, message: string): StoredResponse {
  return { status, body: { error: { type: status === 404 ? "invalid_request_error" : "api_error", message } } };
}

function route(method: string, path: string, body: FormObject, fake: FakeStripe): StoredResponse {
  if (method === "POST" && path === "/v1/customers") {
    return { status: 200, body: { id: newId("cus"), object: "customer", email: body.email ?? null, metadata: body.metadata ?? {} } };
  }
  if (method === "POST" && path === "/v1/checkout/sessions") {
    const id = newId("cs_test");
    return {
      status: 200,
      body: {
        id,
        object: "checkout.session",
        mode: body.mode,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        metadata: body.metadata ?? {},
        customer: body.customer ?? null,
        payment_status: "unpaid",
        status: "open",
      },
    };
  }
  if (method === "POST" && path === "/v1/billing_portal/sessions") {
    const id = newId("bps");
    return { status: 200, body: { id, object: "billing_portal.session", customer: body.customer, url: `https://billing.stripe.test/p/session/${id}` } };
  }
  if (method === "POST" && path === "/v1/refunds") return createRefund(body, fake);
  const subscriptionMatch = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
  if (method === "GET" && subscriptionMatch?.[1]) {
    const subscription = fake.subscriptions.get(subscriptionMatch[1]);
    return subscription ? { status: 200, body: subscription } : stripeError(404, `No such subscription: '${subscriptionMatch[1]}'`);
  }
  return stripeError(404, `Unrecognized request URL (${method}: ${path})`);
}

/**
 * POST /v1/refunds as Stripe answers it: a payment intent (or charge) is required, the amount
 * defaults to what is left of the payment (`fake.payments`, default: unlimited) and may not
 * exceed it. Every accepted refund is kept in `fake.refunds`.
 */
function createRefund(body: FormObject, fake: FakeStripe): StoredResponse {
  const paymentIntent = typeof body.payment_intent === "string" ? body.payment_intent : undefined;
  const charge = typeof body.charge === "string" ? body.charge : undefined;
  const payment = paymentIntent ?? charge;
  if (!payment) return stripeError(400, "One of `charge` or `payment_intent` is required.");
  const paid = fake.payments.get(payment) ?? Number.POSITIVE_INFINITY;
  const refundedBefore = fake.refunds.filter((refund) => refund.payment === payment).reduce((sum, refund) => sum + refund.amount, 0);
  const left = paid - refundedBefore;
  const amount = typeof body.amount === "string" ? Number(body.amount) : left;
  if (!Number.isInteger(amount) || amount <= 0) return stripeError(400, "Invalid positive integer: amount");
  if (amount > left) return stripeError(400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`);
  const metadata = isFormObject(body.metadata) ? body.metadata : {};
  const refund: FakeRefund = { id: newId("re"), payment, amount, metadata };
  fake.refunds.push(refund);
  return {
    status: 200,
    body: {
      id: refund.id,
      object: "refund",
      amount,
      currency: "usd",
      payment_intent: paymentIntent ?? null,
      charge: charge ?? null,
      metadata,
      reason: typeof body.reason === "string" ? body.reason : null,
      status: "succeeded",
    },
  };
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
    // Injected failures should fail once, not be retried by the SDK.
    ...(stored.status >= 400 ? { "stripe-should-retry": "false" } : {}),
  });
  response.end(JSON.stringify(stored.body));
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const idempotent = new Map<string, StoredResponse>();
  const failures = new Map<string, number>();
  const fake: FakeStripe = {
    port: 0,
    requests: [],
    subscriptions: new Map(),
    payments: new Map(),
    refunds: [],
    failRequests: (pathPrefix, status = 500) => void failures.set(pathPrefix, status),
    clearFailures: () => failures.clear(),
    requestsTo: (method, path) => fake.requests.filter((r) => r.method === method && r.path === path),
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };

  const server = createServer((request, response) => {
    void (async () => {
      const method = request.method ?? "GET";
      const path = new URL(request.url ?? "/", "http://stripe.test").pathname;
      const text = await readBody(request);
      const body = method === "GET" ? {} : decodeStripeForm(text);
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const idempotencyKey = header("idempotency-key");
      fake.requests.push({ method, path, idempotencyKey, authorization: header("authorization"), body });

      const failure = [...failures].find(([prefix]) => path.startsWith(prefix));
      if (failure) return send(response, stripeError(failure[1], "Injected failure"));
      const replayKey = idempotencyKey ? `${method} ${path} ${idempotencyKey}` : undefined;
      const earlier = replayKey ? idempotent.get(replayKey) : undefined;
      if (earlier) return send(response, earlier);
      const stored = route(method, path, body, fake);
      if (replayKey) idempotent.set(replayKey, stored);
      send(response, stored);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === "string") throw new Error("The fake Stripe server has no TCP port");
  fake.port = address.port;
  return fake;
}
