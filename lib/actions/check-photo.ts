"use server";

import { env } from "@/lib/env";
import { engineNameFor } from "@/lib/generation/engines/engine-choice";
import { checkPhoto } from "@/lib/generation/photo-check/check-photo";
import type { PhotoProblem } from "@/lib/generation/photo-check/judge-photo";
import { checkPhotoInput } from "@/lib/validations/generation";
import { ActionError, userAction } from "./safe-action";
import { decodeUploadedImage } from "./uploaded-image";

/**
 * The photo check of the upload and review steps (issue 20): what the vision models see in the
 * photo (no face, several faces, a small, dark or blurry face, no torso), judged for the engine
 * the tool runs on, and for AI Product whether its cut-out can be trusted (issue 37). The same check runs again when the generation is requested.
 */
export const checkPhotoAction = userAction(checkPhotoInput, async ({ tool, image }): Promise<{ problems: PhotoProblem[] }> => {
  const bytes = await decodeUploadedImage(image);
  if (!bytes) throw new ActionError("errors.imageRejected");
  return { problems: await checkPhoto(tool, bytes, engineNameFor(tool, env)) };
});
