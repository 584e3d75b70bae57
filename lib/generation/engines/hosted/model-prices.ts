/**
 * What a hosted model costs (issue 35): per image it makes, per second of compute the service
 * reports (Replicate's predict_time on GPU-billed models), or per million tokens (Gemini), in US
 * dollars. Defaults sit beside the default models (default-models.ts); MODEL_PRICES overrides or
 * adds any model's (lib/env.ts).
 */
export type ModelPrice =
  | { perImage: number }
  | { perSecond: number }
  | { perMillionInputTokens: number; perMillionOutputTokens: number };
