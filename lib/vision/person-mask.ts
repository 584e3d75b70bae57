import * as tf from "@tensorflow/tfjs-core";
import { guidedFilter, resizeMask } from "./mask-filters";
import { lumaPlane, type Mask, type RgbImage } from "./raster";
import { runExclusive } from "./vision-models";

/**
 * Person segmentation with MediaPipe's selfie model: a 256×256 probability map, brought to the
 * photo's size and refined with a guided filter on the photo's luma, so the soft matte follows
 * the real outline (hair, shoulders) instead of the model's coarse blobs.
 */

const modelSize = 256;

async function selfieProbabilities(image: RgbImage): Promise<Mask> {
  return runExclusive(async ({ selfie }) => {
    const output = tf.tidy(() => {
      const pixels = tf.tensor4d(Float32Array.from(image.data), [1, image.height, image.width, 3], "float32");
      const resized = tf.image.resizeBilinear(pixels, [modelSize, modelSize], false, true);
      const result = selfie.execute(tf.div(resized, 255));
      return Array.isArray(result) ? result[0] : result;
    });
    if (!output) throw new Error("The segmentation model returned nothing");
    try {
      const data = Float32Array.from(await output.data());
      return { data, width: modelSize, height: modelSize };
    } finally {
      output.dispose();
    }
  });
}

/** The person matte (0 background .. 1 person) at the photo's size. */
export async function segmentPerson(image: RgbImage): Promise<Mask> {
  const coarse = resizeMask(await selfieProbabilities(image), image.width, image.height);
  const radius = Math.max(4, Math.round(Math.max(image.width, image.height) / 160));
  const refined = guidedFilter(lumaPlane(image), coarse.data, image.width, image.height, radius, 2e-3);
  return { data: refined, width: image.width, height: image.height };
}
