import "server-only";
import { z } from "zod";
import type { Database } from "@/db/client";
import type { GenerationTool } from "@/db/schema";
import { findOwnedImage } from "@/db/queries/images";
import { insertJobWithItsSpend } from "@/lib/credits/ledger";
import { env } from "@/lib/env";
import { engineNameFor } from "./engines/engine-choice";
import type { ImageEngineName } from "./engines/engine-names";
import { wakeWorkers } from "@/lib/scheduling/job-queue-signal";
import { editInputSchema as editPromptSchema, editJob, tools } from "./tools";
import { unavailableModelFor } from "./engines/server-engines";
import { assertModelServed, GenerationRequestError, type UnavailableModel } from "./errors";
import { canUserEdit } from "./edit-access";
import { rootToolOf, type EditJobInput } from "./edit-input";
import { assertCanAfford } from "./paid-job";
import { countWords } from "./words";

/**
 * An edit or remix of one image (spec §2 edit dialog, decision 3): 2 credits, a prompt within
 * the word limit of the tool the image came from, only on the user's own image, and only on a
 * plan that includes editing (decision 18: not Starter). The edit is a
 * generation of its own (tool "edit") pointing at the image it changes, so a remix of an edit
 * result continues the chain and the gallery can show every step.
 */

export async function createEdit(
  db: Database,
  params: { userId: string; imageId: string; prompt: string },
  deps: { engine?: ImageEngineName; unavailableModel?: (tool: GenerationTool) => UnavailableModel | undefined } = {},
): Promise<{ id: string; creditsCost: number }> {
  assertModelServed("edit", deps.unavailableModel ?? unavailableModelFor);
  // Not a uuid cannot be an image id; asking the database would be an error, not "not found".
  const validId = z.uuid().safeParse(params.imageId).success;
  const source = validId ? await findOwnedImage(db, params.userId, params.imageId) : undefined;
  const sourceTool = source ? rootToolOf(source) : undefined;
  if (!source || !sourceTool) throw new GenerationRequestError("errors.editImageNotFound");
  if (!(await canUserEdit(db, params.userId))) throw new GenerationRequestError("errors.editNotInPlan");

  const wordLimit = tools.find((tool) => tool.id === sourceTool)?.editWordLimit ?? 10;
  const prompt = params.prompt.trim();
  if (prompt === "") throw new GenerationRequestError("errors.promptRequired");
  if (!editPromptSchema(wordLimit).safeParse({ imageId: params.imageId, prompt }).success) {
    throw new GenerationRequestError("errors.promptTooLong", { limit: wordLimit }, `${countWords(prompt)} words`);
  }

  // The local engine does only the edits of its vocabulary; anything else is refused uncharged.
  if ((deps.engine ?? engineNameFor("edit", env)) === "local" && !editJob.localEngineSupports(prompt)) {
    throw new GenerationRequestError("errors.editNotUnderstood", {}, prompt);
  }
  const cost = editJob.creditCost;
  await assertCanAfford(db, params.userId, cost);

  const input: EditJobInput = { prompt, sourceTool, sourceImageId: source.id };
  const edit = await insertJobWithItsSpend(db, {
    userId: params.userId,
    tool: "edit",
    // Edits are listed with the tool the photo came from (activity filters, gallery heading).
    category: source.category,
    input,
    parentImageId: source.id,
    creditsCost: cost,
    numberShots: 1,
  });
  wakeWorkers();
  return { id: edit.id, creditsCost: cost };
}
