"use client";

import { useCallback, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { track } from "@/lib/analytics/track";
import type { ToolId } from "@/lib/generation/tool-catalog";
import { formatFileSize } from "@/lib/images/browser/format-file-size";
import type { SelectedFileOutcome, UploadedImage } from "@/lib/images/browser/process-selected-file";

/**
 * The checks, decoding and compression load with the first file chosen, not with the page
 * (issue 16); code that fails to load fails the file as processing would.
 */
async function processFile(file: File): Promise<SelectedFileOutcome> {
  try {
    const [{ processSelectedFile }, { decodeWithCanvas, blobToDataUrl }] = await Promise.all([
      import("@/lib/images/browser/process-selected-file"),
      import("@/lib/images/browser/canvas-image-codec"),
    ]);
    return await processSelectedFile(file, { decode: decodeWithCanvas, toDataUrl: blobToDataUrl });
  } catch (cause) {
    return { status: "rejected", problem: "processingFailed", cause };
  }
}

/** What analytics will record for an upload (spec §7 "Image upload: tool name, file size"). */
export interface UploadedEvent {
  tool: ToolId;
  fileSize: number;
}

export interface UseImageUploadOptions {
  tool: ToolId;
  onChange(image: UploadedImage | null): void;
  onUploaded?(event: UploadedEvent): void;
}

/** Turns a chosen file into an UploadedImage, with the toasts of spec §5 on the way. */
export function useImageUpload({ tool, onChange, onUploaded }: UseImageUploadOptions) {
  const t = useTranslations("upload.toasts");
  const locale = useLocale();
  const [processing, setProcessing] = useState(false);
  // A second file dropped while the first is being compressed is ignored, not raced.
  const busy = useRef(false);

  const handleFile = useCallback(
    async (file: File) => {
      if (busy.current) return;
      busy.current = true;
      setProcessing(true);
      try {
        const outcome = await processFile(file);
        if (outcome.status === "accepted") {
          onChange(outcome.image);
          onUploaded?.({ tool, fileSize: file.size });
          // A no-op until the visitor accepted analytics (decision 14).
          track("image_upload", { tool, file_size: file.size });
          if (outcome.saving !== null) {
            toast.success(t("optimized.title"), {
              description: t("optimized.description", {
                original: formatFileSize(outcome.image.originalSize, locale),
                compressed: formatFileSize(outcome.image.size, locale),
              }),
            });
          }
        } else if (outcome.problem === "heicUnsupported") {
          toast.error(t("heicUnsupported.title"), { description: t("heicUnsupported.description") });
        } else if (outcome.problem === "invalidType") {
          toast.error(t("invalidType.title"), { description: t("invalidType.description") });
        } else if (outcome.problem === "tooLarge") {
          toast.error(t("tooLarge.title"), {
            description: t("tooLarge.description", { size: formatFileSize(outcome.size, locale) }),
          });
        } else {
          console.error("Image compression failed", outcome.cause);
          toast.error(t("processingFailed.title"), { description: t("processingFailed.description") });
        }
      } finally {
        busy.current = false;
        setProcessing(false);
      }
    },
    [locale, onChange, onUploaded, t, tool],
  );

  return { processing, handleFile };
}
