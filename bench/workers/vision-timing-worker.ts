/**
 * The vision layer's own figures, in a process of its own: the cold model load, then face
 * detection with its mesh plus person segmentation per 1024-px photo once warm, and the likeness
 * guard's check of one delivered image (decode, face and descriptor, similarity to the user's
 * face) and the photo check of one 1024-px photo (decode, faces, mesh and their measures),
 * beside a bare sharp resize of the same photo. Prints one JSON line.
 */
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { likenessAnalysisSize } from "@/lib/generation/likeness/measure-likeness";
import { measurePhoto } from "@/lib/generation/photo-check/measure-photo";
import { decodeRgb } from "@/lib/images/rgb-raster";
import { describeFaces, faceSimilarity } from "@/lib/vision/face-identity";
import { detectPeople } from "@/lib/vision/people";
import { segmentPerson } from "@/lib/vision/person-mask";
import { getVisionModels } from "@/lib/vision/vision-models";
import { median } from "../lib/run-worker";

async function main() {
  const photo = readFileSync("public/examples/astronaut-portrait.jpg");
  const resize: number[] = [];
  for (let run = 0; run < 6; run += 1) {
    const start = performance.now();
    await sharp(photo).resize(1024, 1024, { fit: "inside" }).raw().toBuffer();
    resize.push(performance.now() - start);
  }
  const loadMs = (await getVisionModels()).loadMs;
  const image = await decodeRgb(photo, 1024);
  const vision: number[] = [];
  for (let run = 0; run < 6; run += 1) {
    const start = performance.now();
    await detectPeople(image, { pose: false });
    await segmentPerson(image);
    vision.push(performance.now() - start);
  }
  const [userFace] = await describeFaces(await decodeRgb(photo, likenessAnalysisSize));
  if (!userFace) throw new Error("no face in the benchmark photo");
  const likeness: number[] = [];
  for (let run = 0; run < 6; run += 1) {
    const start = performance.now();
    const [face] = await describeFaces(await decodeRgb(photo, likenessAnalysisSize));
    if (face) await faceSimilarity(userFace.descriptor, face.descriptor);
    likeness.push(performance.now() - start);
  }
  const photo1024 = await sharp(photo).resize(1024).jpeg({ quality: 90 }).toBuffer();
  const photoCheck: number[] = [];
  for (let run = 0; run < 6; run += 1) {
    const start = performance.now();
    await measurePhoto(photo1024, { pose: false });
    photoCheck.push(performance.now() - start);
  }
  // The first run after loading compiles the kernels: warm means from the second on.
  console.log(
    JSON.stringify({
      loadMs,
      visionMs: median(vision.slice(1)),
      likenessMs: median(likeness.slice(1)),
      photoCheckMs: median(photoCheck.slice(1)),
      resizeMs: median(resize.slice(1)),
    }),
  );
}

void main();
