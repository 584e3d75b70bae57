/**
 * The smaller copies of a result image that tiles ask for (`/api/images/<id>?w=<width>`), so a
 * phone showing ten tiles does not download ten full-size pictures. A short fixed list, so each
 * image has at most this many cached copies and nobody can make the server render arbitrary
 * sizes. Shared by the route and by ResultImage's `srcSet`.
 */
export const imageVariantWidths = [256, 512, 768, 1024] as const;
export type ImageVariantWidth = (typeof imageVariantWidths)[number];

export function isImageVariantWidth(value: number): value is ImageVariantWidth {
  return imageVariantWidths.some((width) => width === value);
}

/** The `srcSet` of an image URL without a query (lib/downloads/image-urls.ts): one entry per variant. */
export function imageVariantSrcSet(src: string): string {
  return imageVariantWidths.map((width) => `${src}?w=${width} ${width}w`).join(", ");
}
