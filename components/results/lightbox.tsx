"use client";

import { ChevronLeft } from "@/components/icons/chevron-left";
import { ChevronRight } from "@/components/icons/chevron-right";
import { Download } from "@/components/icons/download";
import { X } from "@/components/icons/x";
import { useTranslations } from "next-intl";
import { Dialog as DialogPrimitive, Direction } from "radix-ui";
import { stepForKey, wrapIndex } from "@/lib/results/lightbox-navigation";
import { cn } from "@/lib/utils";
import { ResultImage } from "./result-image";
import type { GridImage } from "./results-grid-controller";
import { useReturnFocus } from "./use-return-focus";

const roundControlClass =
  "inline-flex size-11 items-center justify-center rounded-full text-white transition-colors outline-none hover:bg-white/20 focus-visible:ring-[3px] focus-visible:ring-white/70";
const controlClass = `${roundControlClass} bg-white/10`;

/**
 * The full-screen image viewer (spec §2): previous and next wrap around, the arrow keys follow
 * the reading direction, Escape closes, and "N of M" says where you are. Built on the Radix
 * dialog, so focus stays inside while it is open; on close it returns to whatever opened it
 * (the viewer is opened from code, without a Radix trigger to return to).
 */
export function Lightbox({
  images,
  index,
  onIndexChange,
  onClose,
  onDownload,
}: {
  images: readonly GridImage[];
  /** The image shown; null keeps the viewer closed. */
  index: number | null;
  onIndexChange(index: number): void;
  onClose(): void;
  onDownload?: (image: GridImage) => void;
}) {
  const t = useTranslations("lightbox");
  const direction = Direction.useDirection();
  const returnFocus = useReturnFocus();
  const open = index !== null && images.length > 0;
  const current = open ? Math.min(index, images.length - 1) : 0;
  const image = images[current];
  const step = (by: number) => onIndexChange(wrapIndex(current, by, images.length));

  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/95 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          data-testid="lightbox"
          className="fixed inset-0 z-50 flex flex-col text-white outline-none data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
          {...returnFocus}
          onKeyDown={(event) => {
            const by = stepForKey(event.key, direction);
            if (by === 0 || images.length < 2) return;
            event.preventDefault();
            step(by);
          }}
        >
          <DialogPrimitive.Title className="sr-only">{t("title")}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">{t("description")}</DialogPrimitive.Description>
          <div className="flex items-center justify-between gap-3 p-3 sm:p-4">
            <p data-testid="lightbox-counter" aria-live="polite" className="rounded-full bg-white/10 px-3 py-1 text-sm font-medium tabular-nums">
              {t("counter", { current: current + 1, total: images.length })}
            </p>
            <div className="flex items-center gap-2">
              {onDownload && image ? (
                <button type="button" className={controlClass} aria-label={t("download")} onClick={() => onDownload(image)}>
                  <Download className="size-5" aria-hidden="true" />
                </button>
              ) : null}
              <DialogPrimitive.Close className={controlClass} aria-label={t("close")} data-testid="lightbox-close">
                <X className="size-5" aria-hidden="true" />
              </DialogPrimitive.Close>
            </div>
          </div>

          <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4 sm:px-20">
            {image ? (
              <div className="relative size-full" data-testid="lightbox-image" data-image-id={image.id}>
                <ResultImage
                  key={image.id}
                  src={image.url}
                  alt={t("imageAlt", { current: current + 1, total: images.length })}
                  fit="contain"
                  priority
                />
              </div>
            ) : null}
            {images.length > 1 ? (
              <>
                <button
                  type="button"
                  onClick={() => step(-1)}
                  aria-label={t("previous")}
                  data-testid="lightbox-previous"
                  className={cn(roundControlClass, "absolute start-2 top-1/2 -translate-y-1/2 bg-black/50 sm:start-4")}
                >
                  <ChevronLeft className="size-6 rtl:rotate-180" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  onClick={() => step(1)}
                  aria-label={t("next")}
                  data-testid="lightbox-next"
                  className={cn(roundControlClass, "absolute end-2 top-1/2 -translate-y-1/2 bg-black/50 sm:end-4")}
                >
                  <ChevronRight className="size-6 rtl:rotate-180" aria-hidden="true" />
                </button>
              </>
            ) : null}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
