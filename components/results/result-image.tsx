"use client";

import { useState } from "react";
import Image from "next/image";
import { ImageOff } from "@/components/icons/image-off";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";

/**
 * A private result image filling its box, with the placeholder of spec §2/§8 when it cannot be
 * loaded (deleted meanwhile, storage hiccup). Served by the app's own owner-only route, so it
 * is not passed through the image optimizer, which would fetch it without the user's cookie; so
 * it has one size only, and no `sizes` to choose among (next/image leaves them out unoptimized).
 */
export function ResultImage({
  src,
  alt,
  fit = "cover",
  priority = false,
  className,
}: {
  src: string;
  alt: string;
  fit?: "cover" | "contain";
  priority?: boolean;
  className?: string;
}) {
  const t = useTranslations("results");
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (failedSrc === src) {
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
    <Image
      src={src}
      alt={alt}
      fill
      unoptimized
      priority={priority}
      draggable={false}
      className={cn(fit === "cover" ? "object-cover" : "object-contain", className)}
      onError={() => setFailedSrc(src)}
    />
  );
}
