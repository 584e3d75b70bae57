"use client";

import { SpriteIcon } from "@/components/layout/sprite-icon";
import { useImageFailure } from "@/components/use-image-failure";
import { exampleImageLayout, exampleImageSources } from "./example-image-layout";

/**
 * An example picture (stored at `path`) that says `unavailableLabel` when it cannot be loaded
 * (spec §2). A plain <img> with next/image's optimized addresses, so the page needs no image
 * component in the browser for this one fallback.
 */
export function ExampleImage({ path, alt, unavailableLabel }: { path: string; alt: string; unavailableLabel: string }) {
  const { failed, imgProps } = useImageFailure(path);
  if (failed) {
    return (
      <div className="example-unavailable">
        <SpriteIcon name="image-off" className="size-8" />
        <span className="text-xs">{unavailableLabel}</span>
      </div>
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- next/image's optimized addresses, without its component
    <img
      {...exampleImageLayout}
      {...exampleImageSources(path)}
      alt={alt}
      loading="lazy"
      decoding="async"
      className="example-image"
      {...imgProps}
    />
  );
}
