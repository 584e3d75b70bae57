import { z } from "zod";

/**
 * What the webhook backends answer (spec §7): `success`, the images as `generated_images`
 * (headshots: a map of key to URL) or `results` (a URL, a list, a map, or an object with
 * `edited_image` for Hair, Body and edits), `generation_id`, and `error` on failure. The
 * shapes the spec leaves open are all accepted; anything else is a malformed response.
 */

const imageReference = z.string().trim().min(1);

const imageCollection = z.union([
  imageReference.transform((reference) => [reference]),
  z.array(imageReference),
  z.object({ edited_image: imageReference }).transform((results) => [results.edited_image]),
  z.record(z.string(), z.unknown()).transform((map) =>
    Object.entries(map)
      .sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }))
      .map(([, value]) => value)
      .filter((value): value is string => typeof value === "string" && value.trim() !== ""),
  ),
]);

export const webhookResponseSchema = z.object({
  success: z.boolean().optional(),
  error: z.union([z.string(), z.object({ message: z.string() }).transform((error) => error.message)]).nullish(),
  generated_images: imageCollection.nullish(),
  results: imageCollection.nullish(),
  generation_id: z.union([z.string(), z.number()]).nullish(),
  /** Some backends explain a failure here instead of in `error`; read only when one failed. */
  message: z.string().nullish().catch(null),
});

export type WebhookResponse = z.infer<typeof webhookResponseSchema>;

export type WebhookOutcome =
  | { kind: "images"; references: string[] }
  /** `message` is the server's own explanation, null when it gave none. */
  | { kind: "error"; message: string | null }
  | { kind: "empty" };

/** The server's explanation of a failed answer: `error`, else `message`; null when neither says anything. */
export function declaredErrorMessage(response: WebhookResponse): string | null {
  return response.error?.trim() || response.message?.trim() || null;
}

/** The images of a valid response, its declared error, or nothing. */
export function interpretWebhookResponse(response: WebhookResponse): WebhookOutcome {
  if (response.success === false || (response.error && response.error.trim() !== "")) {
    return { kind: "error", message: declaredErrorMessage(response) };
  }
  const references = [...(response.generated_images ?? []), ...(response.results ?? [])];
  return references.length > 0 ? { kind: "images", references } : { kind: "empty" };
}
