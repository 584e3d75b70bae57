import { decodeRgb } from "@/lib/images/rgb-raster";
import { detectPeople, type DetectedFace, type Pose } from "@/lib/vision/people";
import { segmentPerson } from "@/lib/vision/person-mask";
import type { Mask, RgbImage } from "@/lib/vision/raster";
import { JobFailure } from "../../errors";

/**
 * The photo as the local engine works on it (1024 px on the long side, the size its speed
 * targets are set at) with what the vision layer found in it.
 */

export const workingSize = 1024;

export interface Subject {
  image: RgbImage;
  /** The largest face; the tools that need one refuse before credits when there is none. */
  face: DetectedFace;
  pose: Pose | null;
  /** Soft person matte at the image's size. */
  personMask: Mask;
}

export async function analyseSubject(bytes: Uint8Array, options: { pose: boolean; failureKey: string }): Promise<Subject> {
  const image = await decodeRgb(bytes, workingSize);
  const people = await detectPeople(image, { pose: options.pose });
  const face = people.faces[0];
  if (!face) throw new JobFailure("noPersonFound", `No face found (${options.failureKey})`);
  const personMask = await segmentPerson(image);
  return { image, face, pose: people.pose, personMask };
}

/** The top of the head (hair included): the highest person pixel above the face's columns. */
export function headTopOf(subject: Pick<Subject, "face" | "personMask">): number {
  const { face, personMask: mask } = subject;
  const from = Math.max(0, Math.floor(face.box.x + face.box.width * 0.2));
  const to = Math.min(mask.width - 1, Math.ceil(face.box.x + face.box.width * 0.8));
  const limit = Math.max(0, Math.floor(face.foreheadTop.y));
  let top = limit;
  for (let x = from; x <= to; x += 2) {
    for (let y = 0; y < top; y += 1) {
      if (mask.data[y * mask.width + x]! > 0.5) {
        top = y;
        break;
      }
    }
  }
  return top;
}
