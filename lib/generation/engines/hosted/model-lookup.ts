import { httpStatusOf } from "@/lib/resilience/transient-failures";
import type { ModelLookup } from "../types";

/**
 * A model lookup at a provider (issue 35): served when `ask` answers, not served when the
 * provider answers 404 (what Replicate's, Gemini's and fal's model endpoints answer for a model
 * they no longer or never served); any other failure means the provider could not be asked.
 */
export async function askForModel(ask: () => Promise<unknown>, notServed: string): Promise<ModelLookup> {
  try {
    await ask();
    return { served: true };
  } catch (error) {
    if (httpStatusOf(error) === 404) return { served: false, detail: notServed };
    throw error;
  }
}

/** A provider whose key is not set serves nothing to us: its tools must refuse before credits are taken. */
export function notConfigured(variable: string): ModelLookup {
  return { served: false, detail: `${variable} is not set` };
}
