import type { DbOrTx } from "@/db/client";
import { generationImages, generations, type GenerationTool } from "@/db/schema";
import { createObjectKey } from "@/lib/storage/object-keys";
import type { ObjectStorage } from "@/lib/storage/types";

/** Generation and image rows (and optionally their files) for image and download tests. */
export async function createGeneration(
  db: DbOrTx,
  userId: string,
  values: { tool?: GenerationTool; category?: string; createdAt?: Date; originalImageKey?: string | null } = {},
) {
  const [generation] = await db
    .insert(generations)
    .values({
      userId,
      tool: values.tool ?? "hair_changer",
      category: values.category ?? "Hair Changer",
      status: "complete",
      createdAt: values.createdAt,
      originalImageKey: values.originalImageKey ?? null,
    })
    .returning();
  if (!generation) throw new Error("generation was not created");
  return generation;
}

export async function createImage(
  db: DbOrTx,
  generation: { id: string; userId: string },
  values: { position: number; contentType?: string; storageKey?: string; deletedAt?: Date; storage?: ObjectStorage; bytes?: Buffer },
) {
  const contentType = values.contentType ?? "image/png";
  const storageKey =
    values.storageKey ?? createObjectKey(generation.userId, "results", contentType === "image/png" ? "png" : "jpg");
  const bytes = values.bytes ?? Buffer.from(`image ${values.position}`);
  if (values.storage) await values.storage.put(storageKey, bytes, { contentType });
  const [image] = await db
    .insert(generationImages)
    .values({
      generationId: generation.id,
      userId: generation.userId,
      storageKey,
      contentType,
      byteSize: bytes.byteLength,
      position: values.position,
      deletedAt: values.deletedAt,
    })
    .returning();
  if (!image) throw new Error("image was not created");
  return image;
}
