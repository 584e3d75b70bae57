import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { debianPackageFile } from "./debian-package-files";

/**
 * Real photos of people from Debian packages, for the calibration scripts only (never committed;
 * their sources in tests/fixtures/photos/LICENSE.md).
 */

/** OpenCV's sample photo `file` (opencv-doc's examples/data). */
export function opencvSample(file: string): Buffer {
  return readFileSync(debianPackageFile("opencv-doc", path.join("usr/share/doc/opencv-doc/examples/data", file)));
}

const dlibExamples = (folder: string) => debianPackageFile("libdlib19.1", path.join("usr/share/doc/libdlib19.1/examples", folder));

/**
 * dlib's face clustering example: five men, eleven photos each. They are 150 px crops that end at
 * the chin and the hairline; the face detector needs some context around a face, as every real
 * photo has, so they get a mirrored border.
 */
export async function dlibJohns(): Promise<Array<{ person: string; file: string; bytes: Buffer }>> {
  const johns = dlibExamples("johns");
  const photos = readdirSync(johns)
    .sort()
    .flatMap((person) => readdirSync(path.join(johns, person)).sort().map((file) => ({ person, file })));
  return Promise.all(
    photos.map(async ({ person, file }) => ({
      person,
      file,
      bytes: await sharp(readFileSync(path.join(johns, person, file)))
        .extend({ top: 75, bottom: 75, left: 75, right: 75, extendWith: "mirror" })
        .jpeg({ quality: 95 })
        .toBuffer(),
    })),
  );
}

/** dlib's face detection examples: group photos, people of many ages and skin tones, some far away. */
export function dlibFacePhotos(): Array<{ file: string; bytes: Buffer }> {
  const faces = dlibExamples("faces");
  return readdirSync(faces)
    .filter((file) => file.endsWith(".jpg"))
    .sort()
    .map((file) => ({ file, bytes: readFileSync(path.join(faces, file)) }));
}
