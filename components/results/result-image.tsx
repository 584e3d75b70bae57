"use client";

import { ImageOff } from "@/components/icons/image-off";
import { useImageFailure } from "@/components/use-image-failure";
import { useTranslations } from "next-intl";
import { imageVariantSrcSet } from "@/lib/images/image-variants";
import { cn } from "@/lib/utils";

/**
 * A private result image filling its box, with the placeholder of spec §2/§8 when it cannot be
 * loaded (deleted meanwhile, storage hiccup). Served by the app's own owner-only route, so it
 * is not passed through the image optimizer, which would fetch it without the user's cookie: a
 * plain <img> (`.result-image` in globals.css fills the box). next/image's component, with
 * nothing to optimize, added its code to the page and its hooks and inline styles to each of a
 * page's ten or more images, rendered twice per request (issue 16). Given `sizes`, the browser
 * picks one of the route's smaller copies (`?w=`) for a tile; without, the full image (the viewer).
 */
export function ResultImage({
  src,
  alt,
  fit = "cover",
  priority = false,
  sizes,
  className,
}: {
  src: string;
  alt: string;
  fit?: "cover" | "contain";
  /** Loaded at once and first (the viewer's image); the others load as they near the screen. */
  priority?: boolean;
  /** The width the image is shown at (the `sizes` attribute), for a tile: lets it load a smaller copy. */
  sizes?: string;
  className?: string;
}) {
  const t = useTranslations("results");
  const { failed, imgProps } = useImageFailure(src);

  if (failed) {
    return (
      <div
        role="img"
        aria-label={t("unavailable")}
        data-testid="image-placeholder"
        className={cn("flex size-full flex-col items-center justify-center gap-2 bg-muted text-muted-foreground", className)}
      >
        <ImageOff className="size-8" aria-hidden="true" />
        <span className="px-2 text-center text-xs">{t("unavailable")}</span>
      </div>
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- nothing for next/image to optimize (see above)
    <img
      srcSet={sizes ? imageVariantSrcSet(src) : undefined}
      sizes={sizes}
      src={src}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      draggable={false}
      className={cn("result-image", fit === "cover" ? "object-cover" : "object-contain", className)}
      {...imgProps}
    />
  );
}
