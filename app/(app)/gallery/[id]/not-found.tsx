import { SearchX } from "@/components/icons/search-x";
import { getTranslations } from "next-intl/server";
import { GalleryMessage } from "@/components/gallery/gallery-message";

/** 'Generation Not Found' (spec §2): unknown, malformed and other users' ids alike. */
export default async function GalleryNotFound() {
  const t = await getTranslations("gallery");
  return (
    <GalleryMessage icon={SearchX} title={t("notFound.title")} backLabel={t("back")} testId="gallery-not-found">
      <p>{t("notFound.description")}</p>
    </GalleryMessage>
  );
}
