import { z } from "zod";
import { maxDataUrlLength } from "@/lib/images/image-data-url";

/**
 * What the generate and edit buttons may send. The tool's options are checked by the tool's own
 * schema on the server (lib/generation/tool-input.ts), which also names missing fields the way
 * the spec does; here only their outer shape and size are limited.
 */
const toolIds = ["headshot_pro", "ai_product", "hair_changer", "body_shaper"] as const;

export const generationOptionsInput = z
  .record(z.string(), z.unknown())
  .refine((options) => JSON.stringify(options).length <= 10_000, "too large");

/** The compressed upload as a data URL (at most the 20 MB upload limit, base64-encoded). */
export const generationImageInput = z.string().max(maxDataUrlLength()).nullable();

export const createGenerationInput = z.object({
  tool: z.enum(toolIds),
  options: generationOptionsInput,
  image: generationImageInput,
});

/** The photo check of the upload and review steps: the tools whose results need a person. */
export const checkPhotoInput = z.object({
  tool: z.enum(["headshot_pro", "hair_changer", "body_shaper"]),
  image: z.string().max(maxDataUrlLength()),
});

export const createEditInput = z.object({
  imageId: z.uuid(),
  /** The word limit depends on the image's tool and is checked by createEdit. */
  prompt: z.string().max(5000),
});
