/**
 * How an example picture is laid out, the same for every example, so the page's payload holds
 * it once instead of once per example (example-image.tsx). The shipped examples are 800 pixels
 * wide and the gallery at most 416 CSS pixels.
 */
export const exampleImageLayout = {
  width: 600,
  height: 800,
  sizes: "(min-width: 1280px) 416px, (min-width: 640px) 33vw, 50vw",
} as const;

/**
 * The widths worth offering, of next/image's candidates. The gallery is at most 416 CSS pixels
 * wide (828 covers it on a 2× screen) and the shipped examples are 800 pixels, which next/image
 * never enlarges, so its wider candidates (1080 up to 3840) would all be that same picture. 256
 * only serves 1× phones, where 384 is a few kilobytes more, and 750 falls between 640 and 828.
 */
const offeredWidths = [384, 640, 828] as const;

/** The address of next/image's optimizer (its default loader, default quality) for `path` at `width`. */
const optimizedUrl = (path: string, width: number) => `/_next/image?url=${encodeURIComponent(path)}&w=${width}&q=75`;

/**
 * The <img> addresses of an example stored at `path` (under public/). Worked out in the browser
 * from the path alone: sent from the server they lengthened each example's props by some 300
 * bytes of the page's flight data (issue 16), and next/image's component would add its code.
 */
export function exampleImageSources(path: string): { src: string; srcSet: string } {
  return {
    src: optimizedUrl(path, Math.max(...offeredWidths)),
    srcSet: offeredWidths.map((width) => `${optimizedUrl(path, width)} ${width}w`).join(", "),
  };
}
