"use client";

import { useCallback, useState } from "react";

/**
 * Whether the <img> showing `src` failed to load, for a fallback in its place. `imgProps` go on
 * the image: its error event, and a ref for a load that failed before hydration, whose error
 * event fired with no listener yet. A new `src` starts over.
 */
export function useImageFailure(src: string) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const onError = useCallback(() => setFailedSrc(src), [src]);
  const ref = useCallback(
    (image: HTMLImageElement | null) => {
      if (image?.complete && image.naturalWidth === 0) setFailedSrc(src);
    },
    [src],
  );
  return { failed: failedSrc === src, imgProps: { onError, ref } };
}
