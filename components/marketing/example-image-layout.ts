/**
 * How an example picture is laid out, the same for every example: the server works out its
 * next/image candidates with these (examples-gallery.tsx) and the browser's <img> carries them
 * (example-image.tsx), so the page's payload holds them once instead of once per example.
 * The shipped examples are 800 pixels wide and the gallery at most 416 CSS pixels.
 */
export const exampleImageLayout = {
  width: 600,
  height: 800,
  sizes: "(min-width: 1280px) 416px, (min-width: 640px) 33vw, 50vw",
} as const;
