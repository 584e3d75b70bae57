import "server-only";
import { getTranslations } from "next-intl/server";
import { InsufficientCreditsError } from "@/lib/credits/errors";
import { GenerationRequestError, MissingGenerationDataError } from "@/lib/generation/errors";
import { ActionError } from "./safe-action";

/**
 * Runs a generation or edit request for an action, turning the domain's refusals into action
 * errors the UI can show as they are ('Insufficient Credits: You need 2 credits but only have
 * 1 available.', 'Missing required data: image, prompt' in the user's language).
 */

const fieldKeys = ["image", "styleIds", "gender", "ageRange", "dimension", "prompt", "style"] as const;
type FieldKey = (typeof fieldKeys)[number];
const isFieldKey = (field: string): field is FieldKey => fieldKeys.some((key) => key === field);

async function translatedFields(fields: readonly string[]): Promise<string> {
  const t = await getTranslations("generation.fields");
  return fields.map((field) => (isFieldKey(field) ? t(field) : field)).join(", ");
}

export async function runGenerationRequest<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof InsufficientCreditsError) {
      throw new ActionError("errors.insufficientCredits", { required: error.required, available: error.available });
    }
    if (error instanceof MissingGenerationDataError) {
      throw new ActionError(error.messageKey, { fields: await translatedFields(error.fields) });
    }
    if (error instanceof GenerationRequestError) throw new ActionError(error.messageKey, error.values);
    throw error;
  }
}
