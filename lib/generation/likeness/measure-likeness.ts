import { decodeRgb } from "@/lib/images/rgb-raster";
import { describeFaces, faceSimilarity, type DescribedFace } from "@/lib/vision/face-identity";
import { secondFaceShare, type LikenessMeasure } from "./likeness-rules";

/**
 * Runs in the local engine's process, where the models are loaded once: the main face of the
 * user's photo against the faces of each image an engine returned.
 */

/**
 * The size images are looked at: a face of a head-and-shoulders shot stays well above the
 * descriptor's 224 px input, and a smaller picture is decoded and searched faster.
 */
export const likenessAnalysisSize = 768;

export type LikenessFindings = { referenceHasFace: false } | { referenceHasFace: true; images: LikenessMeasure[] };

async function facesOf(bytes: Uint8Array): Promise<DescribedFace[] | null> {
  try {
    return await describeFaces(await decodeRgb(bytes, likenessAnalysisSize));
  } catch {
    // Not an image sharp can read: nothing to compare (the image intake refuses it too).
    return null;
  }
}

export async function measureLikeness(reference: Uint8Array, images: readonly Uint8Array[]): Promise<LikenessFindings> {
  const main = (await facesOf(reference))?.[0];
  if (!main) return { referenceHasFace: false };
  const measures: LikenessMeasure[] = [];
  for (const bytes of images) {
    const faces = (await facesOf(bytes)) ?? [];
    const largest = faces[0];
    if (!largest) {
      measures.push({ faces: 0, score: null });
      continue;
    }
    const ofNote = faces.filter((face) => face.box.width >= secondFaceShare * largest.box.width).length;
    measures.push({ faces: ofNote, score: await faceSimilarity(main.descriptor, largest.descriptor) });
  }
  return { referenceHasFace: true, images: measures };
}
