"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { downloadImageFile, downloadZipFile } from "@/lib/downloads/browser-download";
import { generationZipUrl, imageUrl } from "@/lib/downloads/image-urls";

/**
 * Download buttons' behaviour with the toasts of spec §8: "Download Complete"; on a results page
 * a failure opens the image in a new tab and says "Download Failed"; on a recent-image tile it
 * suggests saving by hand. Download All hands the zip to the browser, and a failure is only logged.
 */
export type DownloadPlace = "results" | "recent";

export function useImageDownloads(place: DownloadPlace = "results") {
  const t = useTranslations("download");

  const downloadImage = useCallback(
    async (image: { id: string; fileName: string }) => {
      const outcome = await downloadImageFile({
        url: imageUrl(image.id, { download: true }),
        viewUrl: imageUrl(image.id),
        fileName: image.fileName,
        openInNewTabOnFailure: place === "results",
      });
      if (outcome === "downloaded") toast.success(t("complete"));
      else if (place === "recent") toast.error(t("recentFailed"));
      else toast.error(t("failed.title"), { description: t("failed.description") });
    },
    [place, t],
  );

  const downloadAll = useCallback((generationId: string) => downloadZipFile(generationZipUrl(generationId)), []);

  return { downloadImage, downloadAll };
}
