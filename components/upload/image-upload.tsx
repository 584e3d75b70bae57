"use client";

import { useId, useRef, useState, type DragEvent } from "react";
import { useTranslations } from "next-intl";
import { ImagePlus } from "@/components/icons/image-plus";
import { LoaderCircle as Loader2 } from "@/components/icons/loader-circle";
import { RefreshCw } from "@/components/icons/refresh-cw";
import { X } from "@/components/icons/x";
import { Button } from "@/components/ui/button";
import type { UploadedImage } from "@/lib/images/browser/process-selected-file";
import { cn } from "@/lib/utils";
import { useImageUpload, type UseImageUploadOptions } from "./use-image-upload";

/**
 * The one photo upload of every tool's first step: drop a file or pick one, see it, remove or
 * replace it. The parent owns the value (a draft restored from local storage only has the data
 * URL) and receives the compressed image through onChange.
 */
export interface ImageUploadProps extends UseImageUploadOptions {
  value: Pick<UploadedImage, "dataUrl"> | null;
  disabled?: boolean;
  className?: string;
}

export function ImageUpload({ value, disabled = false, className, ...options }: ImageUploadProps) {
  const t = useTranslations("upload");
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const { processing, handleFile } = useImageUpload(options);
  const inactive = disabled || processing;

  const openPicker = () => inputRef.current?.click();

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !inactive) void handleFile(file);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = inactive ? "none" : "copy";
    if (!inactive) setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    // Leaving for a child element is not leaving the drop zone.
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    setDragging(false);
  };

  return (
    <div
      className={cn("relative", className)}
      onDrop={onDrop}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      data-dragging={dragging || undefined}
    >
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        disabled={inactive}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so choosing the same file again still fires a change.
          event.target.value = "";
          if (file) void handleFile(file);
        }}
      />
      {value ? (
        <UploadPreview dataUrl={value.dataUrl} inactive={inactive} onReplace={openPicker} onRemove={() => options.onChange(null)} />
      ) : (
        <button
          type="button"
          onClick={openPicker}
          disabled={inactive}
          aria-label={t("dropzone.label")}
          aria-describedby={hintId}
          className={cn(
            "flex min-h-64 w-full flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-8 text-center transition-colors outline-none",
            "hover:border-primary/60 hover:bg-accent/40 focus-visible:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50",
            "disabled:cursor-not-allowed disabled:opacity-60",
            dragging ? "border-primary bg-primary/5" : "border-border",
          )}
        >
          <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
            <ImagePlus className="size-7" aria-hidden="true" />
          </span>
          <span className="text-base font-medium">{dragging ? t("dropzone.dropNow") : t("dropzone.title")}</span>
          <span className="text-sm text-muted-foreground">{t("dropzone.or")}</span>
          <span className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground">
            {t("dropzone.browse")}
          </span>
          <span id={hintId} className="text-xs text-muted-foreground">
            {t("dropzone.hint")}
          </span>
        </button>
      )}
      {processing && (
        <div
          role="status"
          aria-live="polite"
          className="absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-xl bg-background/80 text-sm"
        >
          <Loader2 className="size-6 animate-spin text-primary" aria-hidden="true" />
          {t("processing")}
        </div>
      )}
    </div>
  );
}

function UploadPreview({
  dataUrl,
  inactive,
  onReplace,
  onRemove,
}: {
  dataUrl: string;
  inactive: boolean;
  onReplace(): void;
  onRemove(): void;
}) {
  const t = useTranslations("upload.preview");
  return (
    <div className="overflow-hidden rounded-xl border bg-muted/30">
      <div className="relative aspect-square w-full sm:aspect-4/3">
        {/* A data URL, which next/image would not optimise either: a plain image keeps next/image's
            code (about 5 KB gzip) out of the steps' first load (issue 16). */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src={dataUrl} alt={t("alt")} decoding="async" className="absolute inset-0 size-full object-contain" />
        <Button
          type="button"
          variant="secondary"
          size="icon"
          onClick={onRemove}
          disabled={inactive}
          aria-label={t("remove")}
          className="absolute end-3 top-3 rounded-full shadow-md"
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      <div className="flex justify-center border-t p-3">
        <Button type="button" variant="outline" size="sm" onClick={onReplace} disabled={inactive}>
          <RefreshCw aria-hidden="true" />
          {t("replace")}
        </Button>
      </div>
    </div>
  );
}
