"use server";

import { getDb } from "@/db";
import { createGeneration } from "@/lib/generation/create-generation";
import { parseImageDataUrl } from "@/lib/images/image-data-url";
import { createGenerationInput } from "@/lib/validations/generation";
import { runGenerationRequest } from "./generation-action-errors";
import { ActionError, userAction } from "./safe-action";

/**
 * Starts a generation of one of the four tools for the signed-in user: the photo (a data URL of
 * the compressed upload) and the tool's options are checked, the credits are taken and the job
 * is queued. Returns the generation id the loading page follows.
 */
export const createGenerationAction = userAction(createGenerationInput, async ({ tool, options, image }, user) => {
  let originalImage: Buffer | null = null;
  if (image !== null) {
    const parsed = parseImageDataUrl(image);
    if (!parsed.ok) throw new ActionError("errors.imageRejected");
    originalImage = parsed.bytes;
  }
  return runGenerationRequest(() =>
    createGeneration(getDb(), { userId: user.id, tool, input: options, originalImage }),
  );
});
