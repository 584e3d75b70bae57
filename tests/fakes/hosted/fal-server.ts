import { createHash, generateKeyPairSync, randomUUID, sign, type KeyObject } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { madeImages, readBody, ResultFiles, sendJson, startServer, type RecordedRequest, type ScriptedFailure } from "./fake-http";

/**
 * A stand-in for fal's queue on loopback, as @fal-ai/client speaks to it: `Authorization: Key
 * <key>`; POST /{endpoint}?fal_webhook=<url> enqueues; GET /{owner}/{alias}/requests/{id}/status
 * and GET /{owner}/{alias}/requests/{id} (the result, or the request's error); PUT
 * .../requests/{id}/cancel; GET /v1/models?endpoint_id= (the Platform API's model search, with
 * status "deprecated" for an endpoint fal retired). When a request ends, its webhook is POSTed signed as fal documents:
 * ED25519 over "<request id>\n<user id>\n<timestamp>\n<hex SHA-256 of the body>", hex in
 * X-Fal-Webhook-Signature, with the public key published at /.well-known/jwks.json. A test can
 * put 429s or 5xx in front of a submission, a 500 after the request was queued, or a submission
 * that queues the request and never answers.
 */

/** fal's validation-error list (FastAPI style). */
export type FalErrorDetail = Array<{ msg: string; type: string; loc?: string[] }>;

export type FalOutcome =
  /** `pictures`: the images it makes, in place of the photo it was sent in frames of colour. */
  | { status: "succeeded"; images?: number; nsfw?: boolean[]; pictures?: Buffer[] }
  | { status: "failed"; error: string; detail: FalErrorDetail }
  | { status: "running" };

export interface FalPlan {
  outcome: FalOutcome;
  afterMs?: number;
  callback?: "once" | "twice" | "never";
}

export interface FakeFalRequest {
  id: string;
  endpoint: string;
  input: Record<string, unknown>;
  webhook?: string;
  status: "IN_QUEUE" | "IN_PROGRESS" | "COMPLETED";
  result?: unknown;
  failure?: { error: string; detail: FalErrorDetail };
  cancelRequested: boolean;
  canceled: boolean;
  plan: FalPlan;
}

export interface FakeFal {
  origin: string;
  key: string;
  userId: string;
  jwksUrl: string;
  requests: RecordedRequest[];
  queue: Map<string, FakeFalRequest>;
  /** The Platform API's base (FAL_API_URL). */
  apiUrl: string;
  /** Endpoints fal has retired: listed by the model search as deprecated. */
  retiredModels: Set<string>;
  files: ResultFiles;
  /** Every webhook delivered, with the status our callback route answered. */
  deliveries: { id: string; status: number }[];
  plan(...plans: FalPlan[]): void;
  /** Answers for the next submissions in order (null: the normal answer), then the normal one. */
  failSubmits(...failures: (ScriptedFailure | null)[]): void;
  finish(id: string, outcome: FalOutcome): Promise<void>;
  /** Delivers a request's webhook again, or signed with another key or at another time. */
  sendWebhook(id: string, options?: { privateKey?: KeyObject; timestamp?: number }): Promise<number>;
  close(): Promise<void>;
}

function webhookBody(request: FakeFalRequest) {
  if (request.failure) {
    return { request_id: request.id, gateway_request_id: request.id, status: "ERROR", error: request.failure.error, payload: { detail: request.failure.detail } };
  }
  return { request_id: request.id, gateway_request_id: request.id, status: "OK", payload: request.result ?? null };
}

export async function startFakeFal(options: { key?: string; port?: number } = {}): Promise<FakeFal> {
  const key = options.key ?? "fal-key-id:fal-key-secret";
  const userId = "fal-user-1234";
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const jwk = { ...publicKey.export({ format: "jwk" }), kid: "fake-key-1", alg: "EdDSA", use: "sig" };
  const requests: RecordedRequest[] = [];
  const queue = new Map<string, FakeFalRequest>();
  let plans: FalPlan[] = [{ outcome: { status: "succeeded" } }];
  let submitFailures: (ScriptedFailure | null)[] = [];
  let origin = "";
  const files = new ResultFiles(() => origin);
  const deliveries: { id: string; status: number }[] = [];
  const retiredModels = new Set<string>();

  /** The model search in find mode: every endpoint it is asked for exists, retired ones as deprecated. */
  function modelSearch(url: URL) {
    const models = url.searchParams.getAll("endpoint_id").map((endpoint) => ({
      endpoint_id: endpoint,
      metadata: { display_name: endpoint, category: "image-to-image", status: retiredModels.has(endpoint) ? "deprecated" : "active" },
    }));
    return { models, next_cursor: null, has_more: false };
  }

  async function sendWebhook(id: string, override: { privateKey?: KeyObject; timestamp?: number } = {}): Promise<number> {
    const request = queue.get(id);
    if (!request?.webhook) return 0;
    const body = JSON.stringify(webhookBody(request));
    const timestamp = String(override.timestamp ?? Math.floor(Date.now() / 1000));
    const digest = createHash("sha256").update(body).digest("hex");
    const signature = sign(null, Buffer.from(`${id}\n${userId}\n${timestamp}\n${digest}`), override.privateKey ?? privateKey).toString("hex");
    const response = await fetch(request.webhook, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-fal-webhook-request-id": id,
        "x-fal-webhook-user-id": userId,
        "x-fal-webhook-timestamp": timestamp,
        "x-fal-webhook-signature": signature,
      },
      body,
    }).catch(() => undefined);
    await response?.text();
    deliveries.push({ id, status: response?.status ?? 0 });
    return response?.status ?? 0;
  }

  async function finish(id: string, outcome: FalOutcome): Promise<void> {
    const request = queue.get(id);
    if (!request || request.canceled || request.status === "COMPLETED" || outcome.status === "running") return;
    if (outcome.status === "succeeded") {
      const count = outcome.images ?? (typeof request.input.num_images === "number" ? request.input.num_images : 1);
      const images = await madeImages(request.input, count, queue.size, outcome.pictures);
      request.result = {
        images: images.map((bytes) => ({ url: files.add(bytes), content_type: "image/png", width: 96, height: 128 })),
        has_nsfw_concepts: outcome.nsfw ?? images.map(() => false),
        timings: { inference: 2.5 },
        seed: 42,
        prompt: request.input.prompt,
      };
    } else {
      request.failure = { error: outcome.error, detail: outcome.detail };
    }
    request.status = "COMPLETED";
    const deliveries = request.plan.callback === "never" ? 0 : request.plan.callback === "twice" ? 2 : 1;
    for (let delivery = 0; delivery < deliveries; delivery += 1) await sendWebhook(id);
  }

  const urlsOf = (appPath: string, id: string) => ({
    response_url: `${origin}/${appPath}/requests/${id}`,
    status_url: `${origin}/${appPath}/requests/${id}/status`,
    cancel_url: `${origin}/${appPath}/requests/${id}/cancel`,
  });

  async function submit(response: ServerResponse, url: URL, body: Record<string, unknown>) {
    const failure = submitFailures.shift() ?? undefined;
    const answerFailure = (scripted: ScriptedFailure) => {
      if (!scripted.hang) sendJson(response, scripted.status, scripted.body ?? { detail: `Fake error ${scripted.status}` }, scripted.headers);
    };
    if (failure && !failure.afterCreate) return answerFailure(failure);
    const endpoint = url.pathname.slice(1);
    const plan = plans.length > 1 ? (plans.shift() ?? { outcome: { status: "succeeded" } }) : (plans[0] ?? { outcome: { status: "succeeded" } });
    const request: FakeFalRequest = {
      id: randomUUID(),
      endpoint,
      input: body,
      webhook: url.searchParams.get("fal_webhook") ?? undefined,
      status: "IN_QUEUE",
      cancelRequested: false,
      canceled: false,
      plan,
    };
    queue.set(request.id, request);
    const [owner, alias] = endpoint.split("/");
    if (failure) answerFailure(failure);
    else sendJson(response, 200, { request_id: request.id, gateway_request_id: request.id, status: "IN_QUEUE", queue_position: 0, ...urlsOf(`${owner}/${alias}`, request.id) });
    if (plan.outcome.status !== "running") setTimeout(() => void finish(request.id, plan.outcome), plan.afterMs ?? 50).unref();
  }

  async function handle(incoming: IncomingMessage, response: ServerResponse, url: URL) {
    if (files.handle(response, url)) return;
    if (url.pathname === "/.well-known/jwks.json") return sendJson(response, 200, { keys: [jwk] });
    const raw = await readBody(incoming);
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      if (typeof parsed === "object" && parsed !== null) body = { ...parsed };
    } catch {
      return sendJson(response, 400, { detail: "Invalid JSON" });
    }
    requests.push({ method: incoming.method ?? "", path: url.pathname, query: url.searchParams, headers: incoming.headers, body });
    if (incoming.headers.authorization !== `Key ${key}`) return sendJson(response, 401, { detail: "Unauthorized" });
    if (incoming.method === "GET" && url.pathname === "/v1/models") return sendJson(response, 200, modelSearch(url));
    const route = /^\/([^/]+\/[^/]+)\/requests\/([^/]+)(\/status|\/cancel)?$/.exec(url.pathname);
    if (!route) {
      if (incoming.method === "POST") return submit(response, url, body);
      return sendJson(response, 404, { detail: "Not found" });
    }
    const [, appPath = "", id = "", action] = route;
    const request = queue.get(id);
    if (!request) return sendJson(response, 404, { detail: "Request not found" });
    if (action === "/status" && incoming.method === "GET") {
      if (request.status === "IN_QUEUE" && !request.canceled) request.status = "IN_PROGRESS";
      return sendJson(response, request.status === "COMPLETED" ? 200 : 202, {
        status: request.status,
        request_id: id,
        ...urlsOf(appPath, id),
        logs: [],
        ...(request.status === "COMPLETED" ? { metrics: { inference_time: 2.5 } } : { queue_position: 0 }),
      });
    }
    if (action === "/cancel" && incoming.method === "PUT") {
      request.cancelRequested = true;
      if (request.status === "COMPLETED") return sendJson(response, 400, { status: "ALREADY_COMPLETED" });
      request.canceled = true;
      return sendJson(response, 202, { status: "CANCELLATION_REQUESTED" });
    }
    if (!action && incoming.method === "GET") {
      if (request.status !== "COMPLETED") return sendJson(response, 400, { detail: "Request is still in progress" });
      if (request.failure) return sendJson(response, 422, { detail: request.failure.detail });
      return sendJson(response, 200, request.result ?? {});
    }
    sendJson(response, 405, { detail: "Method not allowed" });
  }

  const server = await startServer(handle, options.port);
  origin = server.origin;
  return {
    origin,
    key,
    userId,
    jwksUrl: `${origin}/.well-known/jwks.json`,
    apiUrl: `${origin}/v1`,
    retiredModels,
    requests,
    queue,
    files,
    deliveries,
    plan: (...next) => {
      plans = next.length > 0 ? next : [{ outcome: { status: "succeeded" } }];
    },
    failSubmits: (...failures) => {
      submitFailures = failures;
    },
    finish,
    sendWebhook,
    close: () => server.close(),
  };
}
