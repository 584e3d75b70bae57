import { z } from "zod";
import { MAX_ACTION_BODY_BYTES } from "@/lib/images/limits";

/**
 * What the generate and edit buttons may send. The tool's options are checked by the tool's own
 * schema on the server (lib/generation/tool-input.ts), which also names missing fields the way
 * the spec does; here only their outer shape and size are limited.
 */
const toolIds = ["headshot_pro", "ai_product", "hair_changer", "body_shaper"] as const;

export const generationOptionsInput = z
  .record(z.string(), z.unknown())
  .refine((options) => JSON.stringify(options).length <= 10_000, "too large");

/**
 * The compressed upload as a data URL. Only the request's own limit applies here: an image over
 * 20 MB is refused by decodeUploadedImage with the spec's 'File Too Large', not as invalid input.
 */
export const generationImageInput = z.string().max(MAX_ACTION_BODY_BYTES).nullable();

export const createGenerationInput = z.object({
  tool: z.enum(toolIds),
  options: generationOptionsInput,
  image: generationImageInput,
});

/** The photo check of the upload and review steps: the tools whose results need a person, and AI Product's cut-out. */
export const checkPhotoInput = z.object({
  tool: z.enum(["headshot_pro", "hair_changer", "body_shaper", "ai_product"]),
  image: z.string().max(MAX_ACTION_BODY_BYTES),
});

export const createEditInput = z.object({
  imageId: z.uuid(),
  /** The word limit depends on the image's tool and is checked by createEdit. */
  prompt: z.string().max(5000),
});
