import type { DetectedFace } from "@/lib/vision/people";
import type { SourceRect } from "../raster/pixels";

/**
 * Head-and-shoulders framing from the face landmarks, as a portrait photographer frames it: 4:5,
 * the eye line a little above the middle, room above the head, the face centred. Each shot of a
 * pack varies the zoom, the eye line and the horizontal placement, and the key light alternates
 * sides, so ten shots of one style are ten different pictures.
 */

export const headshotSize = { width: 1024, height: 1280 } as const;
const aspect = headshotSize.width / headshotSize.height;

interface ShotVariation {
  /** Frame height in face heights (forehead outline to chin). */
  zoom: number;
  /** Eye line from the top, as a share of the frame height. */
  eyeLine: number;
  /** Horizontal shift of the face from the centre, as a share of the frame width. */
  shift: number;
}

const variations: readonly ShotVariation[] = [
  { zoom: 3.2, eyeLine: 0.4, shift: 0 },
  { zoom: 2.9, eyeLine: 0.39, shift: -0.05 },
  { zoom: 3.5, eyeLine: 0.42, shift: 0.05 },
  { zoom: 2.75, eyeLine: 0.38, shift: 0.03 },
  { zoom: 3.35, eyeLine: 0.41, shift: -0.04 },
];
/** Room above the hair, as a share of the frame height. */
const headroom = 0.07;

export interface HeadshotFrame {
  rect: SourceRect;
  /** The key light's side: -1 from the left, 1 from the right. */
  lightSide: -1 | 1;
}

/** `headTop` is the top of the hair in the photo (subject.ts headTopOf). */
export function headshotFrame(face: DetectedFace, headTop: number, image: { width: number; height: number }, shot: number): HeadshotFrame {
  const variation = variations[shot % variations.length]!;
  const eyeMid = { x: (face.eyes[0].x + face.eyes[1].x) / 2, y: (face.eyes[0].y + face.eyes[1].y) / 2 };
  // The detector's box is steadier than the outline for faces turned aside.
  const faceHeight = Math.max(1, face.chin.y - face.foreheadTop.y, face.box.height * 0.9);
  let height = faceHeight * variation.zoom;
  // The photo must reach the frame's bottom edge, or the shoulders would end mid-frame: zoom in.
  const below = image.height - eyeMid.y;
  height = Math.min(height, below / (1 - variation.eyeLine));
  // The hair must fit below the top edge with some room: lower the eye line if needed.
  const eyeLine = Math.max(variation.eyeLine, (eyeMid.y - headTop) / height + headroom);
  height = Math.max(height, faceHeight * 1.9);
  const width = height * aspect;
  const centreX = (eyeMid.x + face.chin.x) / 2;
  return {
    rect: {
      x: centreX - width / 2 - variation.shift * width,
      y: eyeMid.y - eyeLine * height,
      width,
      height,
    },
    lightSide: shot % 2 === 0 ? -1 : 1,
  };
}
