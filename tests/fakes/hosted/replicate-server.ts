import { createHmac, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { madeImages, randomId, readBody, ResultFiles, sendJson, startServer, type RecordedRequest, type ScriptedFailure } from "./fake-http";

/**
 * A stand-in for Replicate's HTTP API on loopback, as the official SDK speaks to it:
 * `Authorization: Bearer <token>`; POST /v1/models/{owner}/{name}/predictions (official models)
 * and POST /v1/predictions with a version; GET /v1/predictions (the account's predictions, newest
 * first, 100 a page with a `next` cursor; entries without their webhook, as Replicate's docs show
 * them); GET /v1/predictions/{id}; POST .../cancel; GET /v1/webhooks/default/secret; GET
 * /v1/models/{owner}/{name} and .../versions/{id} (404 for a retired model or version). Predictions
 * end after a scripted time; their "start" webhook (when the filter asks for it) and "completed"
 * webhook are delivered signed the Standard Webhooks way (webhook-id, webhook-timestamp,
 * webhook-signature "v1,<base64 HMAC-SHA256>"), the latter once, twice or never. Errors are
 * Replicate's problem-details JSON; a test can put 429s (with Retry-After) or 5xx in front of
 * creation, a 500 after the prediction was made, or a create that never answers.
 */

/** `pictures`: the images it makes, in place of the photo it was sent in frames of colour. */
export type ReplicateOutcome = { status: "succeeded"; images?: number; pictures?: Buffer[] } | { status: "failed"; error: string } | { status: "running" };

export interface ReplicatePlan {
  outcome: ReplicateOutcome;
  /** When the prediction ends after its creation (default 50 ms). */
  afterMs?: number;
  /** How its completed webhook is delivered (default once). */
  callback?: "once" | "twice" | "never";
}

export interface FakePrediction {
  id: string;
  model: string;
  version: string;
  input: Record<string, unknown>;
  webhook?: string;
  webhookEvents: string[];
  status: "starting" | "processing" | "succeeded" | "failed" | "canceled";
  output: string[] | null;
  error: string | null;
  createdAt: string;
  completedAt?: string;
  cancelRequested: boolean;
  plan: ReplicatePlan;
}

export interface FakeReplicate {
  origin: string;
  /** The SDK's base URL (REPLICATE_BASE_URL). */
  apiUrl: string;
  token: string;
  webhookSecret: string;
  requests: RecordedRequest[];
  predictions: Map<string, FakePrediction>;
  files: ResultFiles;
  /** Every webhook delivered (its event), with the status our callback route answered. */
  deliveries: { id: string; event: "start" | "completed"; status: number }[];
  /** Whether "start" webhooks are sent when asked for (default true); off, only a lookup finds a create that failed. */
  startEvents: boolean;
  /** Models ("owner/name") and versions ("owner/name:version") Replicate no longer serves: 404 to lookups and creates. */
  retiredModels: Set<string>;
  /** Plans for the next predictions, in order; the last one repeats. */
  plan(...plans: ReplicatePlan[]): void;
  /** Answers for the next create requests in order (null: the normal answer), then the normal one. */
  failCreates(...failures: (ScriptedFailure | null)[]): void;
  /** Ends a prediction now with `outcome` and delivers its webhook as planned. */
  finish(id: string, outcome: ReplicateOutcome): Promise<void>;
  /** Delivers a prediction's webhook again, or signed with another secret or at another time. */
  sendWebhook(id: string, options?: { secret?: string; timestamp?: number }): Promise<number>;
  close(): Promise<void>;
}

function signStandardWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.split("_").pop() ?? "", "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

function predictionJson(origin: string, prediction: FakePrediction) {
  return {
    id: prediction.id,
    model: prediction.model,
    version: prediction.version,
    input: prediction.input,
    logs: "",
    output: prediction.output,
    data_removed: false,
    error: prediction.error,
    status: prediction.status,
    source: "api",
    created_at: prediction.createdAt,
    ...(prediction.completedAt ? { completed_at: prediction.completedAt } : {}),
    metrics: prediction.completedAt ? { predict_time: 1.25, total_time: 1.5 } : {},
    webhook: prediction.webhook,
    webhook_events_filter: prediction.webhookEvents,
    urls: {
      get: `${origin}/v1/predictions/${prediction.id}`,
      cancel: `${origin}/v1/predictions/${prediction.id}/cancel`,
    },
  };
}

export async function startFakeReplicate(options: { token?: string; port?: number } = {}): Promise<FakeReplicate> {
  const token = options.token ?? "r8_fake_token_for_tests";
  const webhookSecret = `whsec_${randomBytes(24).toString("base64")}`;
  const requests: RecordedRequest[] = [];
  const predictions = new Map<string, FakePrediction>();
  let plans: ReplicatePlan[] = [{ outcome: { status: "succeeded" } }];
  let createFailures: (ScriptedFailure | null)[] = [];
  let origin = "";
  const files = new ResultFiles(() => origin);
  const deliveries: FakeReplicate["deliveries"] = [];
  const fake = { startEvents: true };
  const retiredModels = new Set<string>();
  const notFound = (response: ServerResponse) => sendJson(response, 404, { title: "Not found", detail: "Not found.", status: 404 });

  async function sendWebhook(id: string, override: { secret?: string; timestamp?: number } = {}, event: "start" | "completed" = "completed"): Promise<number> {
    const prediction = predictions.get(id);
    if (!prediction?.webhook) return 0;
    const body = JSON.stringify(predictionJson(origin, prediction));
    const messageId = `msg_${randomId(24)}`;
    const timestamp = override.timestamp ?? Math.floor(Date.now() / 1000);
    const response = await fetch(prediction.webhook, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Replicate-Webhooks/1.0",
        "webhook-id": messageId,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signStandardWebhook(override.secret ?? webhookSecret, messageId, timestamp, body),
      },
      body,
    }).catch(() => undefined);
    await response?.text();
    deliveries.push({ id, event, status: response?.status ?? 0 });
    return response?.status ?? 0;
  }

  async function finish(id: string, outcome: ReplicateOutcome): Promise<void> {
    const prediction = predictions.get(id);
    if (!prediction || outcome.status === "running") return;
    if (prediction.status === "succeeded" || prediction.status === "failed") return;
    if (outcome.status === "succeeded") {
      const count = outcome.images ?? (typeof prediction.input.num_outputs === "number" ? prediction.input.num_outputs : 1);
      const images = await madeImages(prediction.input, count, predictions.size, outcome.pictures);
      prediction.output = images.map((bytes) => files.add(bytes));
    } else {
      prediction.error = outcome.error;
    }
    prediction.status = outcome.status;
    prediction.completedAt = new Date().toISOString();
    const deliveries = prediction.plan.callback === "never" ? 0 : prediction.plan.callback === "twice" ? 2 : 1;
    for (let delivery = 0; delivery < deliveries; delivery += 1) await sendWebhook(id);
  }

  async function create(response: ServerResponse, body: Record<string, unknown>, model: string, version: string) {
    const failure = createFailures.shift() ?? undefined;
    const answerFailure = (scripted: ScriptedFailure) => {
      if (scripted.hang) return;
      sendJson(response, scripted.status, scripted.body ?? { title: "Error", detail: `Fake error ${scripted.status}`, status: scripted.status }, scripted.headers);
    };
    if (failure && !failure.afterCreate) {
      answerFailure(failure);
      return;
    }
    const input: Record<string, unknown> = typeof body.input === "object" && body.input !== null ? { ...body.input } : {};
    if (typeof input.prompt !== "string" || input.prompt === "") {
      sendJson(response, 422, { title: "Input validation failed", detail: "- input: prompt is required", status: 422 });
      return;
    }
    const plan = plans.length > 1 ? (plans.shift() ?? { outcome: { status: "succeeded" } }) : (plans[0] ?? { outcome: { status: "succeeded" } });
    const prediction: FakePrediction = {
      id: randomId(26),
      model,
      version,
      input,
      webhook: typeof body.webhook === "string" ? body.webhook : undefined,
      webhookEvents: Array.isArray(body.webhook_events_filter) ? body.webhook_events_filter.filter((event) => typeof event === "string") : ["start", "output", "logs", "completed"],
      status: "starting",
      output: null,
      error: null,
      createdAt: new Date().toISOString(),
      cancelRequested: false,
      plan,
    };
    predictions.set(prediction.id, prediction);
    if (failure) answerFailure(failure);
    else sendJson(response, 201, predictionJson(origin, prediction));
    if (fake.startEvents && prediction.webhookEvents.includes("start")) {
      setTimeout(() => void sendWebhook(prediction.id, {}, "start"), 10).unref();
    }
    if (plan.outcome.status !== "running") {
      setTimeout(() => void finish(prediction.id, plan.outcome), plan.afterMs ?? 50).unref();
    }
  }

  /** A page of the list, newest first; entries leave out the webhook, as in Replicate's docs. */
  function listPage(url: URL) {
    const pageSize = 100;
    const offset = Number(url.searchParams.get("cursor") ?? 0);
    const newestFirst = [...predictions.values()].reverse();
    const results = newestFirst
      .slice(offset, offset + pageSize)
      .map((prediction) => Object.fromEntries(Object.entries(predictionJson(origin, prediction)).filter(([key]) => !key.startsWith("webhook"))));
    const next = offset + pageSize < newestFirst.length ? `${origin}/v1/predictions?cursor=${offset + pageSize}` : null;
    return { previous: null, next, results };
  }

  async function handle(request: IncomingMessage, response: ServerResponse, url: URL) {
    if (files.handle(response, url)) return;
    const raw = await readBody(request);
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      if (typeof parsed === "object" && parsed !== null) body = { ...parsed };
    } catch {
      sendJson(response, 400, { title: "Bad request", detail: "Invalid JSON", status: 400 });
      return;
    }
    requests.push({ method: request.method ?? "", path: url.pathname, query: url.searchParams, headers: request.headers, body });
    if (request.headers.authorization !== `Bearer ${token}`) {
      sendJson(response, 401, { title: "Unauthenticated", detail: "You did not pass a valid authentication token", status: 401 });
      return;
    }
    const path = url.pathname;
    const modelInfo = /^\/v1\/models\/([^/]+)\/([^/]+)(?:\/versions\/([^/]+))?$/.exec(path);
    if (request.method === "GET" && modelInfo) {
      const [, owner = "", name = "", version] = modelInfo;
      if (retiredModels.has(`${owner}/${name}`) || (version && retiredModels.has(`${owner}/${name}:${version}`))) return notFound(response);
      return sendJson(response, 200, version ? { id: version, created_at: "2024-09-01T00:00:00Z" } : { owner, name, visibility: "public", run_count: 1 });
    }
    const modelRoute = /^\/v1\/models\/([^/]+\/[^/]+)\/predictions$/.exec(path);
    const predictionRoute = /^\/v1\/predictions\/([^/]+)(\/cancel)?$/.exec(path);
    if (request.method === "POST" && modelRoute?.[1]) {
      if (retiredModels.has(modelRoute[1])) return notFound(response);
      return create(response, body, modelRoute[1], "hidden");
    }
    if (request.method === "POST" && path === "/v1/predictions") {
      const version = typeof body.version === "string" ? body.version : "";
      if ([...retiredModels].some((model) => model.endsWith(`:${version}`))) return notFound(response);
      return create(response, body, `version:${version}`, version);
    }
    if (request.method === "GET" && path === "/v1/webhooks/default/secret") return sendJson(response, 200, { key: webhookSecret });
    if (request.method === "GET" && path === "/v1/predictions") return sendJson(response, 200, listPage(url));
    const prediction = predictionRoute?.[1] ? predictions.get(predictionRoute[1]) : undefined;
    if (predictionRoute && !prediction) return sendJson(response, 404, { title: "Not found", detail: "Not found.", status: 404 });
    if (prediction && request.method === "GET" && !predictionRoute?.[2]) {
      if (prediction.status === "starting") prediction.status = "processing";
      return sendJson(response, 200, predictionJson(origin, prediction));
    }
    if (prediction && request.method === "POST" && predictionRoute?.[2]) {
      prediction.cancelRequested = true;
      if (prediction.status === "starting" || prediction.status === "processing") {
        prediction.status = "canceled";
        prediction.completedAt = new Date().toISOString();
      }
      return sendJson(response, 200, predictionJson(origin, prediction));
    }
    notFound(response);
  }

  const server = await startServer(handle, options.port);
  origin = server.origin;
  return {
    origin,
    apiUrl: `${origin}/v1`,
    token,
    webhookSecret,
    requests,
    predictions,
    files,
    deliveries,
    retiredModels,
    get startEvents() {
      return fake.startEvents;
    },
    set startEvents(value: boolean) {
      fake.startEvents = value;
    },
    plan: (...next) => {
      plans = next.length > 0 ? next : [{ outcome: { status: "succeeded" } }];
    },
    failCreates: (...failures) => {
      createFailures = failures;
    },
    finish,
    sendWebhook,
    close: () => server.close(),
  };
}
