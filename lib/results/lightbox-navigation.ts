/**
 * The lightbox's stepping rules (spec §2 Image viewer): previous and next wrap around, and the
 * arrow keys follow the reading direction, so in right-to-left languages the left arrow moves
 * to the next image, as the layout shows it there.
 */

/** `index + step` wrapped into 0..count-1; 0 when there is nothing to show. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** +1 for next, -1 for previous, 0 for any other key. */
export function stepForKey(key: string, direction: "ltr" | "rtl"): -1 | 0 | 1 {
  const forward = direction === "rtl" ? "ArrowLeft" : "ArrowRight";
  const backward = direction === "rtl" ? "ArrowRight" : "ArrowLeft";
  if (key === forward) return 1;
  if (key === backward) return -1;
  return 0;
}
