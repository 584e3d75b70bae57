import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { generationImages, generations, type GenerationStatus, type GenerationTool } from "@/db/schema";
import { createGeneration, createImage } from "./image-records";

/** Generations with images at chosen times and states, for the results and activity tests. */

export const toolCategories: Record<Exclude<GenerationTool, "edit">, string> = {
  headshot_pro: "Headshot Pro",
  ai_product: "AI Product",
  hair_changer: "Hair Changer",
  body_shaper: "Body Shaper",
};

export async function generationWithImages(
  db: DbOrTx,
  userId: string,
  options: {
    tool?: Exclude<GenerationTool, "edit">;
    status?: GenerationStatus;
    createdAt: Date;
    images?: number;
    progress?: number;
    runAfter?: Date | null;
  },
) {
  const tool = options.tool ?? "hair_changer";
  const generation = await createGeneration(db, userId, { tool, category: toolCategories[tool], createdAt: options.createdAt });
  const images = [];
  for (let position = 0; position < (options.images ?? 1); position += 1) {
    const image = await createImage(db, generation, { position, contentType: "image/jpeg" });
    await db.update(generationImages).set({ createdAt: options.createdAt }).where(eq(generationImages.id, image.id));
    images.push(image);
  }
  await db
    .update(generations)
    .set({
      status: options.status ?? "complete",
      progress: options.progress ?? 0,
      ...(options.runAfter === undefined ? {} : { runAfter: options.runAfter }),
    })
    .where(eq(generations.id, generation.id));
  return { generation, images };
}

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
