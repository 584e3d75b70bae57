import type { DbOrTx } from "@/db/client";
import { findJobSource, type ClaimedJob } from "@/db/queries/generation-jobs";
import type { GuardedStorage } from "@/lib/storage/guarded-storage";
import { editJobInputSchema } from "../edit-input";
import { JobFailure } from "../errors";
import type { EngineJob, PlannedJob } from "../engines/types";
import { aiProduct, bodyShaper, editJob, findJobDescription, hairChanger, headshotPro } from "../tools";

/**
 * Turns a claimed job row into what an engine needs: the typed options (validated again, they
 * come from the database) and the bytes of the photo it works from.
 */

async function loadSourceImage(db: DbOrTx, storage: GuardedStorage, job: ClaimedJob) {
  const source = await findJobSource(db, job.id);
  const key = job.tool === "edit" ? (source?.parentImageDeletedAt ? null : source?.parentImageKey) : source?.originalImageKey;
  const stored = key ? await storage.read(key) : null;
  if (!stored) throw new JobFailure("sourceImageMissing", `No stored source image for ${job.id}`);
  return stored;
}

function parsed<T>(result: { success: true; data: T } | { success: false }, job: ClaimedJob): T {
  if (result.success) return result.data;
  throw new JobFailure(findJobDescription(job.tool).failureMessages.failed, `Stored input of ${job.id} is invalid`);
}

export async function buildEngineJob(db: DbOrTx, storage: GuardedStorage, job: ClaimedJob): Promise<EngineJob> {
  return { ...describeJob(job), image: await loadSourceImage(db, storage, job) };
}

/** The job's typed options and prompt, without reading its photo (enough to plan its requests). */
export function describeJob(job: ClaimedJob): PlannedJob {
  const base = { generationId: job.id, imageCount: job.numberShots };
  switch (job.tool) {
    case "headshot_pro": {
      const input = parsed(headshotPro.inputSchema.safeParse(job.input), job);
      return { ...base, tool: job.tool, input, prompt: headshotPro.prompt(input) };
    }
    case "ai_product": {
      const input = parsed(aiProduct.inputSchema.safeParse(job.input), job);
      return { ...base, tool: job.tool, input, prompt: aiProduct.prompt(input) };
    }
    case "hair_changer": {
      const input = parsed(hairChanger.inputSchema.safeParse(job.input), job);
      return { ...base, tool: job.tool, input, prompt: hairChanger.prompt(input) };
    }
    case "body_shaper": {
      const input = parsed(bodyShaper.inputSchema.safeParse(job.input), job);
      return { ...base, tool: job.tool, input, prompt: bodyShaper.prompt(input) };
    }
    case "edit": {
      const input = parsed(editJobInputSchema.safeParse(job.input), job);
      return { ...base, tool: job.tool, input, prompt: editJob.prompt(input.prompt) };
    }
  }
}
