"use client";

import { Download } from "@/components/icons/download";
import { useTranslations } from "next-intl";
import { useImageDownloads } from "@/components/download/use-image-downloads";
import { Button } from "@/components/ui/button";

/** Download All (spec §2): the server streams the zip of the generation's images. */
export function DownloadAllButton({ generationId }: { generationId: string }) {
  const t = useTranslations("download");
  const { downloadAll } = useImageDownloads("results");
  return (
    <Button variant="brand" onClick={() => downloadAll(generationId)} data-testid="download-all">
      <Download aria-hidden="true" />
      {t("all")}
    </Button>
  );
}
