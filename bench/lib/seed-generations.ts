import sharp from "sharp";
import type { Database } from "@/db/client";
import { generationImages, generations, type GenerationTool } from "@/db/schema";
import { localFilesRoot } from "@/lib/storage/create-storage";
import { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { createObjectKey } from "@/lib/storage/object-keys";

/**
 * Finished generations for the signed-in bench user (issue #16: /dashboard and /activity with
 * 100 generations): the four tools in turn, a minute apart, each with one to four images, and
 * every tenth one failed. Each image is a real 1024 px JPEG in the server's local storage
 * (`dataDir`): the load runs read only the HTML, but a browser (Lighthouse) loads the pictures,
 * and without files it measured every tile's "Image unavailable" instead.
 */
const tools: { tool: Exclude<GenerationTool, "edit">; category: string }[] = [
  { tool: "headshot_pro", category: "Headshot Pro" },
  { tool: "ai_product", category: "AI Product" },
  { tool: "hair_changer", category: "Hair Changer" },
  { tool: "body_shaper", category: "Body Shaper" },
];

/** A 1024×1024 result stand-in with a gradient, so it weighs and decodes like a photo more than a flat colour would. */
function resultPicture(hue: number): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><defs><linearGradient id="g" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},45%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},40%,30%)"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/><ellipse cx="512" cy="420" rx="200" ry="250" fill="#e0b090"/>` +
    `<rect x="280" y="700" width="464" height="324" rx="60" fill="#2a3a5a"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export async function seedGenerations(db: Database, userId: string, count: number, dataDir: string): Promise<void> {
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
        position,
        createdAt: generation.createdAt,
      })),
    );
  if (images.length === 0) return;
  const pictures = await Promise.all(tools.map((_, index) => resultPicture(index * 90)));
  const storage = new LocalDiskStorage({ root: localFilesRoot(dataDir), publicBaseUrl: "http://bench.test", signingSecret: () => "unused-by-put" });
  const stored = images.map((image, index) => ({ ...image, picture: pictures[index % pictures.length] ?? pictures[0]! }));
  for (const image of stored) await storage.put(image.storageKey, image.picture, { contentType: image.contentType });
  await db.insert(generationImages).values(stored.map(({ picture, ...image }) => ({ ...image, byteSize: picture.byteLength })));
}
