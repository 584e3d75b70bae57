"use client";

import { useState, type ReactNode } from "react";
import type { getImageProps } from "next/image";

/** An optimized image's <img> attributes, worked out on the server by getImageProps. */
export type OptimizedImage = ReturnType<typeof getImageProps>["props"];

/**
 * An example picture that shows `fallback` when it cannot be loaded (spec §2). The image is
 * next/image's <img> (its attributes come from the server), so the page needs no image
 * component in the browser for this one fallback.
 */
export function ExampleImage({ image, fallback }: { image: OptimizedImage; fallback: ReactNode }) {
  const [failed, setFailed] = useState(false);
  if (failed) return fallback;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the optimized attributes of getImageProps
    <img
      {...image}
      alt={image.alt}
      onError={() => setFailed(true)}
      // A load that failed before hydration fired its error event with no listener yet.
      ref={(element) => {
        if (element?.complete && element.naturalWidth === 0) setFailed(true);
      }}
    />
  );
}
