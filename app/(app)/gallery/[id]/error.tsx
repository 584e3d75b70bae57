"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { TriangleAlert as AlertTriangle } from "@/components/icons/triangle-alert";
import { useTranslations } from "next-intl";
import { GalleryMessage } from "@/components/gallery/gallery-message";

const redirectAfterMs = 2500;

/** Spec §8: 'Failed to load generation', then back to /activity. */
export default function GalleryError({ error }: { error: unknown }) {
  const t = useTranslations("gallery");
  const router = useRouter();

  useEffect(() => {
    console.error("Failed to load generation", error);
    const timer = setTimeout(() => router.replace("/activity"), redirectAfterMs);
    return () => clearTimeout(timer);
  }, [error, router]);

  return (
    <GalleryMessage icon={AlertTriangle} title={t("loadFailed.title")} backLabel={t("back")} testId="gallery-load-failed">
      <p role="status">{t("loadFailed.description")}</p>
    </GalleryMessage>
  );
}
