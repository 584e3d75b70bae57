"use client";

import { useState, type ReactNode } from "react";
import { exampleImageLayout } from "./example-image-layout";

/** What differs between examples' <img>s: next/image's optimized addresses (getImageProps, on the server) and the title. */
export interface ExampleImageSource {
  src: string;
  srcSet?: string;
  alt: string;
}

/**
 * An example picture that shows `fallback` when it cannot be loaded (spec §2). The image is
 * next/image's <img> (its addresses come from the server), so the page needs no image
 * component in the browser for this one fallback.
 */
export function ExampleImage({ image, fallback }: { image: ExampleImageSource; fallback: ReactNode }) {
  const [failed, setFailed] = useState(false);
  if (failed) return fallback;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the optimized addresses of getImageProps
    <img
      {...exampleImageLayout}
      src={image.src}
      srcSet={image.srcSet}
      alt={image.alt}
      loading="lazy"
      decoding="async"
      className="example-image"
      onError={() => setFailed(true)}
      // A load that failed before hydration fired its error event with no listener yet.
      ref={(element) => {
        if (element?.complete && element.naturalWidth === 0) setFailed(true);
      }}
    />
  );
}
