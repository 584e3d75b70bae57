import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { realPhotos } from "./real-photos";

/**
 * Real photos for the likeness guard's tests (tests/fixtures/photos/LICENSE.md): three webcam
 * frames of one man, and pictures a stand-in engine returns: the user's own face reframed, another
 * person's face, and a photo with no face at all.
 */

const fixture = (file: string) => readFile(path.join(process.cwd(), "tests/fixtures/photos", file));

export const likenessPhotos = {
  /** Joao Eriberto Mota Filho on his webcam, three moments of one video (CC BY-SA 4.0). */
  webcamFrames: () => Promise.all(["webcam-eriberto-05.jpg", "webcam-eriberto-45.jpg", "webcam-eriberto-80.jpg"].map(fixture)),
  /** NASA's portrait of Eileen Collins, the user's photo in these tests. */
  userPhoto: () => realPhotos.portrait(),
  /**
   * What a good engine returns: the same person framed as a headshot, a little warmer or cooler
   * per image (`variant`), so no two images are the same bytes.
   */
  samePerson: async (variant = 0) =>
    sharp(await realPhotos.portrait())
      .extract({ left: 150, top: 20, width: 400, height: 500 })
      .resize(512, 640)
      .modulate({ hue: (variant % 5) * 6, brightness: 1 + (variant % 3) * 0.03 })
      .jpeg({ quality: 90 })
      .toBuffer(),
  /** Another person's face, framed the same way: the camera man of the CC0 sample photos. */
  stranger: async () =>
    sharp(await realPhotos.fullLength())
      .extract({ left: 230, top: 110, width: 300, height: 375 })
      .resize(512, 640)
      .jpeg({ quality: 90 })
      .toBuffer(),
  /** No face at all: a rocket on its launch pad. */
  faceless: () => realPhotos.noPerson(),
  /** Two people side by side. */
  twoPeople: () => realPhotos.groupOfTwo(),
};
