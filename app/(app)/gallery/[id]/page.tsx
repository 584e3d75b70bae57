import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ArrowLeft } from "@/components/icons/arrow-left";
import { Clock } from "@/components/icons/clock";
import { ImageOff } from "@/components/icons/image-off";
import { Trash as Trash2 } from "@/components/icons/trash";
import { getTranslations } from "next-intl/server";
import { getDb } from "@/db";
import { StatusBadge } from "@/components/activity/status-badge";
import { DownloadAllButton } from "@/components/gallery/download-all-button";
import { FailureReason } from "@/components/gallery/failure-reason";
import { GalleryMessage } from "@/components/gallery/gallery-message";
import { categoryMessageKey } from "@/components/generation/category-badge";
import { DeliveryRefundNotice } from "@/components/generation/delivery-refund-notice";
import { LikenessNotice } from "@/components/generation/likeness-notice";
import { LocalDateTime } from "@/components/generation/local-date-time";
import { ResultsGallery } from "@/components/results/results-gallery";
import { getCurrentAccount } from "@/lib/account/current-account";
import { requireUser } from "@/lib/auth/session";
import { planAllowsEditing } from "@/lib/catalog/plan-features";
import { loadDeliveryRefund } from "@/lib/generation/delivery-refunds";
import { loadLikenessSummary } from "@/lib/generation/likeness/likeness-summary";
import { loadGallery } from "@/lib/results/load-gallery";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("gallery");
  return { title: t("metaTitle") };
}

/**
 * Spec §2 /gallery/{generationId}: one generation's results with their edits and remixes,
 * Download All, the viewer, edit and delete. Not the user's, unknown or malformed ids are
 * 'Generation Not Found' (not-found.tsx); an unexpected error is error.tsx.
 */
export default async function GalleryPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUser(`/gallery/${encodeURIComponent(id)}`);
  const [t, tCategories, tResults] = await Promise.all([
    getTranslations("gallery"),
    getTranslations("categories"),
    getTranslations("results"),
  ]);
  const gallery = await loadGallery(getDb(), user.id, id);
  if (gallery.state === "notFound") notFound();

  const { generation } = gallery;
  if (gallery.state === "notComplete") {
    return (
      <GalleryMessage icon={Clock} title={t("notComplete.title")} backLabel={t("back")} testId="gallery-not-complete">
        <p>{t("notComplete.description")}</p>
        <StatusBadge status={generation.status} className="mx-auto text-sm" />
        <FailureReason errorKey={generation.errorKey} errorDetail={generation.errorDetail} />
      </GalleryMessage>
    );
  }
  if (gallery.state === "allDeleted") {
    return (
      <GalleryMessage icon={Trash2} title={tResults("allDeleted.title")} backLabel={t("back")} testId="gallery-all-deleted">
        <p>{tResults("allDeleted.description")}</p>
      </GalleryMessage>
    );
  }
  if (gallery.state === "empty") {
    return (
      <GalleryMessage icon={ImageOff} title={t("empty.title")} backLabel={t("back")} testId="gallery-empty">
        <p>{t("empty.description")}</p>
      </GalleryMessage>
    );
  }

  const categoryKey = categoryMessageKey(generation.category);
  const category = categoryKey ? tCategories(categoryKey) : generation.category;
  const [account, refund, likeness] = await Promise.all([
    getCurrentAccount(),
    loadDeliveryRefund(getDb(), user.id, generation.id),
    loadLikenessSummary(getDb(), user.id, generation.id),
  ]);
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8" data-testid="gallery">
      <Link
        href="/activity"
        data-testid="gallery-back"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
      >
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        {t("back")}
      </Link>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl" data-testid="gallery-title">
            {t("title", { category })}
          </h1>
          <p className="text-muted-foreground" data-testid="gallery-date">
            {t.rich("generatedOn", { date: () => <LocalDateTime iso={generation.createdAt} /> })}
            {" · "}
            {t("imageCount", { count: gallery.images.length })}
          </p>
        </div>
        {generation.ownImageCount > 0 ? <DownloadAllButton generationId={generation.id} /> : null}
      </header>
      <LikenessNotice summary={likeness} ordered={generation.numberShots} />
      {refund ? <DeliveryRefundNotice refund={refund} ordered={generation.numberShots} /> : null}
      {gallery.images.some((image) => image.editDepth > 0) ? (
        <p className="text-sm text-muted-foreground">{t("editsNote")}</p>
      ) : null}
      <ResultsGallery images={gallery.images} credits={account?.credits ?? 0} editingIncluded={planAllowsEditing(account?.plan ?? null)} />
    </div>
  );
}
