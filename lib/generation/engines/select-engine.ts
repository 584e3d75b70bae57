import type { GenerationTool } from "@/db/schema";
import { engineNameFor, type EngineEnv } from "./engine-choice";
import { imageEngineNames, type ImageEngineName } from "./engine-names";
import { createFalEngine } from "./fal/fal-engine";
import { createGeminiEngine } from "./gemini/gemini-engine";
import { falToolSettings, geminiToolSettings, replicateToolSettings } from "./hosted/default-models";
import { createLocalEngine } from "./local/local-engine";
import { createOpenAiEngine } from "./openai-engine";
import { createPreviewEngine } from "./preview/preview-engine";
import { createReplicateEngine } from "./replicate/replicate-engine";
import type { Engine } from "./types";
import { createWebhookEngine } from "./webhook/webhook-engine";

/**
 * The engines built from the environment. An engine chosen but not configured (no webhook URL,
 * no API key) is still used: its jobs fail with "not configured" and a refund, which is what
 * the operator needs to see.
 */

/** One engine of each kind, built from the environment once and shared by every job. */
export function createEngines(config: EngineEnv): Record<ImageEngineName, Engine> {
  const allowPrivateAddresses = config.WEBHOOK_ALLOW_PRIVATE_URLS === "true";
  const hosted = {
    allowPrivateAddresses,
    downloadTimeoutMs: config.IMAGE_DOWNLOAD_TIMEOUT_MS,
    requestTimeoutMs: config.IMAGE_REQUEST_TIMEOUT_MS,
    callbackBaseUrl: config.ENGINE_CALLBACK_BASE_URL ?? config.APP_URL,
  };
  return {
    local: createLocalEngine(),
    preview: createPreviewEngine(),
    webhook: createWebhookEngine({
      urls: {
        headshot_pro: config.WEBHOOK_URL_HEADSHOT_PRO,
        ai_product: config.WEBHOOK_URL_AI_PRODUCT,
        hair_changer: config.WEBHOOK_URL_HAIR_CHANGER,
        body_shaper: config.WEBHOOK_URL_BODY_SHAPER,
        edit: config.WEBHOOK_URL_EDIT,
      },
      secret: config.WEBHOOK_SECRET,
      allowPrivateAddresses,
      downloadTimeoutMs: config.IMAGE_DOWNLOAD_TIMEOUT_MS,
      requestTimeoutMs: config.IMAGE_REQUEST_TIMEOUT_MS,
    }),
    openai: createOpenAiEngine({
      apiKey: config.OPENAI_API_KEY,
      baseUrl: config.OPENAI_BASE_URL,
      model: config.OPENAI_IMAGE_MODEL,
      allowPrivateAddresses,
      downloadTimeoutMs: config.IMAGE_DOWNLOAD_TIMEOUT_MS,
      requestTimeoutMs: config.IMAGE_REQUEST_TIMEOUT_MS,
    }),
    replicate: createReplicateEngine({
      ...hosted,
      apiToken: config.REPLICATE_API_TOKEN,
      baseUrl: config.REPLICATE_BASE_URL,
      webhookSecret: config.REPLICATE_WEBHOOK_SECRET,
      tools: replicateToolSettings(config),
    }),
    fal: createFalEngine({
      ...hosted,
      apiKey: config.FAL_KEY,
      queueUrl: config.FAL_QUEUE_URL,
      jwksUrl: config.FAL_WEBHOOK_JWKS_URL,
      apiUrl: config.FAL_API_URL,
      tools: falToolSettings(config),
    }),
    gemini: createGeminiEngine({
      apiKey: config.GEMINI_API_KEY,
      baseUrl: config.GEMINI_BASE_URL,
      requestTimeoutMs: config.IMAGE_REQUEST_TIMEOUT_MS,
      tools: geminiToolSettings(config),
    }),
  };
}

/** The engines by tool (what runs a job) and by name (whose prediction a callback reports). */
export interface EngineDirectory {
  forTool(tool: GenerationTool): Engine;
  named(name: string): Engine | undefined;
}

export function createEngineDirectory(config: EngineEnv): EngineDirectory {
  const engines = createEngines(config);
  return {
    forTool: (tool) => engines[engineNameFor(tool, config)],
    named: (name) => {
      const known = imageEngineNames.find((candidate) => candidate === name);
      return known ? engines[known] : undefined;
    },
  };
}

/** The engine for each tool according to `config`. */
export function createEngineResolver(config: EngineEnv): (tool: GenerationTool) => Engine {
  return createEngineDirectory(config).forTool;
}
