"use client";

import { useState } from "react";
import Image from "next/image";
import { ImageOff } from "lucide-react";

/** An example picture that falls back to a placeholder when it cannot be loaded (spec §2). */
export function ExampleImage({ src, alt, unavailableLabel }: { src: string; alt: string; unavailableLabel: string }) {
  const [failed, setFailed] = useState(false);

  if (failed) {
    return (
      <div className="flex size-full flex-col items-center justify-center gap-2 bg-muted text-muted-foreground">
        <ImageOff className="size-8" aria-hidden="true" />
        <span className="text-xs">{unavailableLabel}</span>
      </div>
    );
  }
  return (
    <Image
      src={src}
      alt={alt}
      width={600}
      height={800}
      loading="lazy"
      sizes="(min-width: 1280px) 416px, (min-width: 640px) 33vw, 50vw"
      className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
      onError={() => setFailed(true)}
    />
  );
}
