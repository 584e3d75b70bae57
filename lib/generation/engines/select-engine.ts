import type { GenerationTool } from "@/db/schema";
import { engineNameFor, type EngineEnv } from "./engine-choice";
import type { ImageEngineName } from "./engine-names";
import { createOpenAiEngine } from "./openai-engine";
import { createPreviewEngine } from "./preview/preview-engine";
import type { ImageEngine } from "./types";
import { createWebhookEngine } from "./webhook/webhook-engine";

/**
 * The engines built from the environment. An engine chosen but not configured (no webhook URL,
 * no API key) is still used: its jobs fail with "not configured" and a refund, which is what
 * the operator needs to see.
 */

/** One engine of each kind, built from the environment once and shared by every job. */
export function createEngines(config: EngineEnv): Record<ImageEngineName, ImageEngine> {
  const allowPrivateAddresses = config.WEBHOOK_ALLOW_PRIVATE_URLS === "true";
  return {
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
  };
}

/** The engine for each tool according to `config`. */
export function createEngineResolver(config: EngineEnv): (tool: GenerationTool) => ImageEngine {
  const engines = createEngines(config);
  return (tool) => engines[engineNameFor(tool, config)];
}
