import Replicate, { validateWebhook, type Prediction } from "replicate";
import { z } from "zod";
import { callOutside } from "@/lib/resilience/outside-call";
import { JobFailure } from "../../errors";
import { attemptFetch } from "../hosted/attempt-fetch";
import { housekeepingCall, planHostedRequests, submitPrediction } from "../hosted/hosted-predictions";
import { callbackUrl, downloadAll, type DownloadSettings, type HostedToolSettings } from "../hosted/hosted-settings";
import { askForModel, notConfigured } from "../hosted/model-lookup";
import { isSafetyRefusal } from "../hosted/refusals";
import type { ServiceCallSettings } from "../service-calls";
import type { CallContext, EngineJob, PredictionEngine, PredictionRef, PredictionState } from "../types";

/**
 * Replicate through its official SDK. Each request of a job becomes a prediction started with a
 * webhook to /api/engines/replicate/callback ("start" and "completed" events: the start event
 * tells us the id of a prediction whose create call failed after making it); the job then waits
 * in the queue. A create in doubt is looked for in the account's list of predictions (newest
 * first), by the webhook URL that names its job, position and attempt. A model is "owner/name" (an official model, run by name) or "owner/name:version".
 * Callbacks are signed with the Standard Webhooks scheme: HMAC-SHA256 over
 * "<webhook-id>.<webhook-timestamp>.<body>" with the account's signing secret
 * (REPLICATE_WEBHOOK_SECRET, or fetched once from the API), checked by the SDK's validateWebhook;
 * a timestamp more than five minutes off is refused as a replay.
 */

export interface ReplicateEngineConfig extends ServiceCallSettings, DownloadSettings {
  apiToken?: string;
  /** The API's origin and path (default https://api.replicate.com/v1). */
  baseUrl?: string;
  /** The webhook signing secret ("whsec_..."); unset: fetched from the API once. */
  webhookSecret?: string;
  /** Our public origin the callbacks go to. */
  callbackBaseUrl: string;
  tools: HostedToolSettings;
}

/** Outputs per prediction when the model's input takes a count (num_outputs). */
const maxOutputsPerPrediction = 4;
/** Standard Webhooks' recommended tolerance for the timestamp of a signed call. */
const callbackToleranceSeconds = 5 * 60;
/** How far the list's clock may be from ours when it is searched for a prediction made "after" an attempt. */
const listClockSkewMs = 60_000;
/** Pages of the list (100 predictions each) searched for one attempt before giving up as "cannot tell". */
const maxListPages = 10;

/** "owner/name:version" runs that version; "owner/name" runs the official model. */
function modelTarget(model: string): { version: string } | { model: string } {
  const [name, version] = model.split(":");
  return version ? { version } : { model: name ?? model };
}

function outputUrls(output: unknown): string[] {
  if (typeof output === "string") return [output];
  if (Array.isArray(output)) return output.filter((item): item is string => typeof item === "string");
  return [];
}

function errorText(error: unknown): string {
  if (typeof error === "string") return error;
  if (error === null || error === undefined) return "the prediction failed";
  return JSON.stringify(error).slice(0, 500);
}

/** The service's explanation inside an SDK error ("... failed with status 422 ...: {"detail": ...}."). */
function declaredDetail(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const json = /(\{.*\})\.?$/s.exec(error.message)?.[1];
  if (!json) return undefined;
  try {
    const body: unknown = JSON.parse(json);
    if (typeof body === "object" && body !== null && "detail" in body && typeof body.detail === "string") return body.detail;
  } catch {
    return undefined;
  }
  return undefined;
}

/** The parts of a prediction (an API answer or a webhook body) we read. */
const predictionSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  output: z.unknown().optional(),
  error: z.unknown().optional(),
  metrics: z.object({ predict_time: z.number().optional() }).nullish(),
});

/** A prediction as the list shows it: the webhook may be left out of list entries. */
const listedPredictionSchema = z.object({
  id: z.string().min(1),
  created_at: z.string(),
  model: z.string().nullish(),
  version: z.string().nullish(),
  webhook: z.string().nullish(),
});
const predictionPageSchema = z.object({ next: z.string().nullish(), results: z.array(listedPredictionSchema) });

function parseCallbackBody(body: string): z.infer<typeof predictionSchema> | null {
  try {
    const parsed = predictionSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function stateOfPrediction(prediction: z.infer<typeof predictionSchema> | Prediction): PredictionState {
  const computeSeconds = prediction.metrics?.predict_time;
  switch (prediction.status) {
    case "succeeded":
      return { status: "succeeded", outputs: outputUrls(prediction.output), computeSeconds };
    case "failed": {
      const error = errorText(prediction.error);
      return { status: "failed", error, refused: isSafetyRefusal(error), computeSeconds };
    }
    case "canceled":
    case "aborted":
      return { status: "canceled", computeSeconds };
    default:
      return { status: "running" };
  }
}

function header(headers: Headers, name: string): string {
  return headers.get(name) ?? "";
}

export function createReplicateEngine(config: ReplicateEngineConfig): PredictionEngine {
  const client = (signal: AbortSignal) =>
    new Replicate({ auth: config.apiToken, baseUrl: config.baseUrl, fetch: attemptFetch(signal) });
  let secret: Promise<string> | undefined;

  function signingSecret(context: CallContext): Promise<string> {
    if (config.webhookSecret) return Promise.resolve(config.webhookSecret);
    // Shared by every caller until it fails: bound by no one caller's deadline.
    secret ??= callOutside(async (signal) => (await client(signal).webhooks.default.secret.get()).key, {
      ...housekeepingCall("Replicate webhook secret", context),
      deadline: undefined,
    }).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  }

  return {
    name: "replicate",
    modelFor: (tool) => config.tools[tool].model,

    async lookupModel(model, context) {
      if (!config.apiToken) return notConfigured("REPLICATE_API_TOKEN");
      const [name = model, version] = model.split(":");
      const [owner = "", modelName = ""] = name.split("/");
      return askForModel(async () => {
        await callOutside((signal) => client(signal).models.get(owner, modelName, { signal }), housekeepingCall("Replicate model", context));
        if (version) {
          await callOutside(
            (signal) => client(signal).models.versions.get(owner, modelName, version, { signal }),
            housekeepingCall("Replicate model version", context),
          );
        }
      }, `Replicate serves no model ${model}`);
    },

    planPredictions: (job) => planHostedRequests(job, config.tools[job.tool], maxOutputsPerPrediction),

    async submitPrediction(job: EngineJob, request, run) {
      if (!config.apiToken) throw new JobFailure("engineNotConfigured", "REPLICATE_API_TOKEN is not set");
      const tool = config.tools[job.tool];
      const webhook = callbackUrl(config.callbackBaseUrl, "replicate", { generationId: job.generationId, ...request });
      return submitPrediction(job, request, run, config, {
        service: "Replicate",
        callName: "Replicate prediction",
        tool,
        submit: async (input, signal) =>
          (await client(signal).predictions.create({ ...modelTarget(tool.model), input, webhook, webhook_events_filter: ["start", "completed"], signal })).id,
        failureDetail: declaredDetail,
      });
    },

    async findSubmission(lookup, context) {
      if (!config.apiToken) return undefined;
      const webhook = callbackUrl(config.callbackBaseUrl, "replicate", lookup);
      const from = lookup.since.getTime() - listClockSkewMs;
      const [name, version] = lookup.model.split(":");
      const onModel = (entry: z.infer<typeof listedPredictionSchema>) => entry.model === name || (version !== undefined && entry.version === version);
      let next: string | undefined = "/predictions";
      for (let page = 0; page < maxListPages && next; page += 1) {
        const route: string = next;
        const listed = predictionPageSchema.parse(
          await callOutside(async (signal) => (await client(signal).request(route, { method: "GET", signal })).json(), housekeepingCall("Replicate list", context)),
        );
        for (const entry of listed.results) {
          // Newest first: past the attempt's time, every prediction it could have made was seen.
          if (Date.parse(entry.created_at) < from) return null;
          if (!onModel(entry)) continue;
          const hook =
            entry.webhook ??
            (await callOutside((signal) => client(signal).predictions.get(entry.id, { signal }), housekeepingCall("Replicate poll", context))).webhook;
          if (hook === webhook) return entry.id;
        }
        next = listed.next ?? undefined;
      }
      return next ? undefined : null;
    },

    async checkPrediction(prediction: PredictionRef, context: CallContext) {
      const current = await callOutside(
        (signal) => client(signal).predictions.get(prediction.externalId, { signal }),
        housekeepingCall("Replicate poll", context),
      );
      return stateOfPrediction(current);
    },

    async cancelPrediction(prediction: PredictionRef, context: CallContext) {
      await callOutside(
        (signal) => client(signal).predictions.cancel(prediction.externalId, { signal }),
        housekeepingCall("Replicate cancel", context),
      );
    },

    async readCallback({ headers, body }, context: CallContext) {
      // Not in use here: nothing to verify against, and nothing of ours to report on.
      if (!config.apiToken) return null;
      const timestamp = header(headers, "webhook-timestamp");
      if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > callbackToleranceSeconds) return null;
      const valid = await validateWebhook({
        id: header(headers, "webhook-id"),
        timestamp,
        signature: header(headers, "webhook-signature"),
        body,
        secret: await signingSecret(context),
      }).catch(() => false);
      const prediction = valid ? parseCallbackBody(body) : null;
      return prediction ? { externalId: prediction.id, ...stateOfPrediction(prediction) } : null;
    },

    downloadOutputs: (urls, run) => downloadAll(urls, config, run),
  };
}
