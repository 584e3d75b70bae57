import type { Database } from "@/db/client";
import { generationImages, generations, type GenerationTool } from "@/db/schema";
import { createObjectKey } from "@/lib/storage/object-keys";

/**
 * Finished generations for the signed-in bench user (issue #16: /dashboard and /activity with
 * 100 generations): the four tools in turn, a minute apart, each with one to four images, and
 * every tenth one failed. Rows only: the pages' HTML names the image URLs without reading files.
 */
const tools: { tool: Exclude<GenerationTool, "edit">; category: string }[] = [
  { tool: "headshot_pro", category: "Headshot Pro" },
  { tool: "ai_product", category: "AI Product" },
  { tool: "hair_changer", category: "Hair Changer" },
  { tool: "body_shaper", category: "Body Shaper" },
];

export async function seedGenerations(db: Database, userId: string, count: number): Promise<void> {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, index) => {
    const { tool, category } = tools[index % tools.length] ?? { tool: "headshot_pro", category: "Headshot Pro" };
    const failed = index % 10 === 9;
    const createdAt = new Date(now - (index + 1) * 60_000);
    return {
      userId,
      tool,
      category,
      status: failed ? ("failed" as const) : ("complete" as const),
      progress: failed ? 0 : 100,
      numberShots: (index % 4) + 1,
      errorKey: failed ? "generation.failed" : null,
      createdAt,
      completedAt: createdAt,
    };
  });
  const inserted = await db.insert(generations).values(rows).returning({ id: generations.id, status: generations.status, numberShots: generations.numberShots, createdAt: generations.createdAt });
  const images = inserted
    .filter((generation) => generation.status === "complete")
    .flatMap((generation) =>
      Array.from({ length: generation.numberShots }, (_, position) => ({
        generationId: generation.id,
        userId,
        storageKey: createObjectKey(userId, "results", "jpg"),
        contentType: "image/jpeg",
        width: 1024,
        height: 1024,
        byteSize: 100_000,
        position,
        createdAt: generation.createdAt,
      })),
    );
  if (images.length > 0) await db.insert(generationImages).values(images);
}
