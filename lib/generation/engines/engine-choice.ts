import type { GenerationTool } from "@/db/schema";
import type { Env } from "@/lib/env";
import type { ImageEngineName } from "./engine-names";
import type { HostedModelEnv } from "./hosted/default-models";

/**
 * Which engine runs a tool: IMAGE_ENGINE_<TOOL> when set, else IMAGE_ENGINE (default local).
 * Kept apart from the engines themselves so pages can ask without loading sharp or the SDK.
 */

export type EngineEnv = Pick<
  Env,
  | "IMAGE_ENGINE"
  | "IMAGE_ENGINE_HEADSHOT_PRO"
  | "IMAGE_ENGINE_AI_PRODUCT"
  | "IMAGE_ENGINE_HAIR_CHANGER"
  | "IMAGE_ENGINE_BODY_SHAPER"
  | "IMAGE_ENGINE_EDIT"
  | "WEBHOOK_URL_HEADSHOT_PRO"
  | "WEBHOOK_URL_AI_PRODUCT"
  | "WEBHOOK_URL_HAIR_CHANGER"
  | "WEBHOOK_URL_BODY_SHAPER"
  | "WEBHOOK_URL_EDIT"
  | "WEBHOOK_SECRET"
  | "WEBHOOK_ALLOW_PRIVATE_URLS"
  | "IMAGE_DOWNLOAD_TIMEOUT_MS"
  | "IMAGE_REQUEST_TIMEOUT_MS"
  | "OPENAI_API_KEY"
  | "OPENAI_BASE_URL"
  | "OPENAI_IMAGE_MODEL"
  | "APP_URL"
  | "ENGINE_CALLBACK_BASE_URL"
  | "REPLICATE_API_TOKEN"
  | "REPLICATE_BASE_URL"
  | "REPLICATE_WEBHOOK_SECRET"
  | "FAL_KEY"
  | "FAL_QUEUE_URL"
  | "FAL_WEBHOOK_JWKS_URL"
  | "FAL_API_URL"
  | "GEMINI_API_KEY"
  | "GEMINI_BASE_URL"
> &
  HostedModelEnv;

export function engineNameFor(tool: GenerationTool, config: EngineEnv): ImageEngineName {
  const perTool: Record<GenerationTool, ImageEngineName | undefined> = {
    headshot_pro: config.IMAGE_ENGINE_HEADSHOT_PRO,
    ai_product: config.IMAGE_ENGINE_AI_PRODUCT,
    hair_changer: config.IMAGE_ENGINE_HAIR_CHANGER,
    body_shaper: config.IMAGE_ENGINE_BODY_SHAPER,
    edit: config.IMAGE_ENGINE_EDIT,
  };
  return perTool[tool] ?? config.IMAGE_ENGINE;
}
