"use server";

import { getDb } from "@/db";
import { createEdit } from "@/lib/generation/create-edit";
import { createEditInput } from "@/lib/validations/generation";
import { runGenerationRequest } from "./generation-action-errors";
import { userAction } from "./safe-action";

/** Edits (or remixes) one of the user's images with a prompt for 2 credits; returns the edit's id. */
export const createEditAction = userAction(createEditInput, async ({ imageId, prompt }, user) =>
  runGenerationRequest(() => createEdit(getDb(), { userId: user.id, imageId, prompt })),
);
