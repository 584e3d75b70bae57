"use server";

import { getDb } from "@/db";
import { createGeneration } from "@/lib/generation/create-generation";
import { createGenerationInput } from "@/lib/validations/generation";
import { runGenerationRequest } from "./generation-action-errors";
import { userAction } from "./safe-action";
import { decodeUploadedImage } from "./uploaded-image";

/**
 * Starts a generation of one of the four tools for the signed-in user: the photo (a data URL of
 * the compressed upload) and the tool's options are checked, the credits are taken and the job
 * is queued. Returns the generation id the loading page follows.
 */
export const createGenerationAction = userAction(createGenerationInput, async ({ tool, options, image }, user) => {
  const originalImage = await decodeUploadedImage(image);
  return runGenerationRequest(() =>
    createGeneration(getDb(), { userId: user.id, tool, input: options, originalImage }),
  );
});
