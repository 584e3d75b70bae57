import * as tf from "@tensorflow/tfjs-core";
import type { Box, RgbImage } from "./raster";
import { minFaceMeshScore } from "./people";
import { detectionSettings, getVisionModels, runExclusive } from "./vision-models";

/**
 * Who a face is, as far as a model can tell: each human face of a photo described by HSE
 * FaceRes (1024 values, shipped with @vladmandic/human), and how alike two descriptions are.
 * The descriptor is an inner node of the model's graph, reached through the outputs its
 * `signature` names; file-model-io.ts keeps the signature, without which the model would answer
 * with its leaf outputs only (age and gender) and no descriptor.
 */

export interface DescribedFace {
  box: Box;
  descriptor: number[];
}

/** Human faces (the mesh confident it is one), largest first, each with its descriptor. */
export function describeFaces(image: RgbImage): Promise<DescribedFace[]> {
  return runExclusive(async ({ human }) => {
    const input = tf.tensor4d(Int32Array.from(image.data), [1, image.height, image.width, 3], "int32");
    try {
      const result = await human.detect(input, detectionSettings({ pose: false, describe: true }));
      return result.face
        .filter((face) => face.faceScore >= minFaceMeshScore && (face.embedding?.length ?? 0) > 0)
        .map((face) => {
          const [x, y, width, height] = face.box;
          return { box: { x, y, width, height }, descriptor: face.embedding ?? [] };
        })
        .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
    } finally {
      input.dispose();
    }
  });
}

/**
 * How alike two faces are, 0 (strangers) to 1 (the same face): Human's own measure, the
 * Euclidean distance of the descriptors mapped onto 0..1 and rounded to hundredths. The figures
 * of the README's likeness calibration are in this measure.
 */
export async function faceSimilarity(a: readonly number[], b: readonly number[]): Promise<number> {
  const { human } = await getVisionModels();
  return human.match.similarity([...a], [...b]);
}
