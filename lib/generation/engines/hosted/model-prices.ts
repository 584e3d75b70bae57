import { defaultModelTable } from "./default-models";

/**
 * What a hosted model costs (issue 35): per image it makes, per second of compute the service
 * reports (Replicate's predict_time on GPU-billed models), or per million tokens (Gemini), in US
 * dollars. Defaults sit beside the default models (default-models.ts, with where each price was
 * read and when); MODEL_PRICES ("<engine>:<model>" → price) overrides them or prices any other.
 */
export type ModelPrice =
  | { perImage: number }
  | { perSecond: number }
  | { perMillionInputTokens: number; perMillionOutputTokens: number };

/** What a job or prediction used, as far as prices count it. */
export interface PricedUsage {
  /** Images the service made (what per-image prices count, delivered or not). */
  imagesMade: number;
  computeSeconds: number;
  inputTokens: number;
  outputTokens: number;
}

export type PriceList = (engine: string, model: string | null) => ModelPrice | undefined;

export function priceList(overrides: Readonly<Record<string, ModelPrice>> = {}): PriceList {
  const prices = new Map<string, ModelPrice>(defaultModelTable.map((entry) => [`${entry.service}:${entry.model}`, entry.price]));
  for (const [key, price] of Object.entries(overrides)) prices.set(key, price);
  return (engine, model) => (model === null ? undefined : prices.get(`${engine}:${model}`));
}

export function costInUsd(price: ModelPrice, usage: PricedUsage): number {
  if ("perImage" in price) return price.perImage * usage.imagesMade;
  if ("perSecond" in price) return price.perSecond * usage.computeSeconds;
  return (price.perMillionInputTokens * usage.inputTokens + price.perMillionOutputTokens * usage.outputTokens) / 1_000_000;
}

/** The price as the report and README show it. */
export function describePrice(price: ModelPrice): string {
  if ("perImage" in price) return `$${price.perImage} per image`;
  if ("perSecond" in price) return `$${price.perSecond} per second`;
  return `$${price.perMillionInputTokens} / $${price.perMillionOutputTokens} per million input / output tokens`;
}
