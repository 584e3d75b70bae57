"use client";

import Link from "next/link";
import { Download } from "@/components/icons/download";
import { GalleryHorizontalEnd } from "@/components/icons/gallery-horizontal-end";
import { Pencil } from "@/components/icons/pencil";
import { Trash as Trash2 } from "@/components/icons/trash";
import { useTranslations } from "next-intl";
import { CategoryBadge } from "@/components/generation/category-badge";
import { editCreditCost } from "@/lib/generation/edit-cost";
import type { ResultImageView } from "@/lib/results/result-image-view";
import { cn } from "@/lib/utils";
import { EditCreditsHint } from "./edit-credits-hint";
import { ResultImage } from "./result-image";
import { TileAction } from "./tile-action";

export type TileAspect = "portrait" | "square";

export interface ImageTileProps {
  image: ResultImageView;
  /** 1-based place on the page, for the image's name ("Hair Changer result 2"). */
  number: number;
  aspect?: TileAspect;
  onOpen(): void;
  onDownload(): void;
  /** Omitted: no edit button. */
  onEdit?: () => void;
  /** Spec §2: edit is disabled when credits are below the cost. */
  editDisabled?: boolean;
  /** Omitted: no delete button. */
  onDelete?: () => void;
  deleting?: boolean;
  /** The category badge and a gallery link, for tiles that mix tools (the dashboard). */
  showCategory?: boolean;
  galleryLink?: boolean;
}

/** One result image (spec §2 results, gallery, dashboard): opens the viewer; download, edit, delete. */
export function ImageTile({
  image,
  number,
  aspect = "portrait",
  onOpen,
  onDownload,
  onEdit,
  editDisabled = false,
  onDelete,
  deleting = false,
  showCategory = false,
  galleryLink = false,
}: ImageTileProps) {
  const t = useTranslations("results");
  const badge = image.editDepth === 1 ? t("editBadge") : image.editDepth > 1 ? t("remixBadge") : null;

  return (
    <figure
      data-testid="result-tile"
      data-image-id={image.id}
      data-edit-depth={image.editDepth}
      aria-busy={deleting || undefined}
      className={cn(
        "group relative overflow-hidden rounded-xl border bg-muted shadow-sm transition-opacity",
        aspect === "portrait" ? "aspect-[3/4]" : "aspect-square",
        deleting && "opacity-50",
      )}
    >
      <button
        type="button"
        onClick={onOpen}
        data-testid="result-open"
        aria-label={t("open", { number })}
        className="absolute inset-0 cursor-zoom-in outline-none focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-inset"
      >
        <ResultImage
          src={image.url}
          alt={t("imageAlt", { category: image.category, number })}
          className="transition-transform duration-300 group-hover:scale-[1.02]"
        />
      </button>

      <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between gap-2 p-2">
        <div className="flex flex-wrap gap-1.5">
          {showCategory ? <CategoryBadge category={image.category} tone="solid" /> : null}
          {badge ? (
            <span
              data-testid="edit-badge"
              className="rounded-md bg-fuchsia-600/90 px-2 py-0.5 text-xs font-medium text-white shadow-sm"
            >
              {badge}
            </span>
          ) : null}
        </div>
      </div>

      <figcaption className="sr-only">{t("imageAlt", { category: image.category, number })}</figcaption>
      {/*
        Physically bottom-left in both directions: preview images carry their "PREVIEW" mark in
        the bottom-right corner (decision 11), and the buttons must not hide it.
      */}
      <div role="toolbar" aria-label={t("actions")} className="absolute bottom-0 left-0 flex items-center gap-1.5 p-2">
        {galleryLink ? (
          <Link
            href={`/gallery/${image.generationId}`}
            aria-label={t("viewGallery")}
            data-testid="result-gallery-link"
            className="inline-flex size-9 items-center justify-center rounded-full bg-black/55 text-white backdrop-blur-sm outline-none hover:bg-black/75 focus-visible:ring-[3px] focus-visible:ring-white/70"
          >
            <GalleryHorizontalEnd className="size-4" aria-hidden="true" />
          </Link>
        ) : null}
        <TileAction icon={Download} label={t("download")} onClick={onDownload} testId="result-download" />
        {onEdit ? (
          <TileAction
            icon={Pencil}
            label={t("edit")}
            tooltip={editDisabled ? t("editNeedsCredits", { cost: editCreditCost }) : t("editTooltip", { cost: editCreditCost })}
            onClick={onEdit}
            blockedHint={editDisabled ? <EditCreditsHint /> : undefined}
            testId="result-edit"
          />
        ) : null}
        {onDelete ? (
          <TileAction icon={Trash2} label={t("delete")} onClick={onDelete} disabled={deleting} testId="result-delete" destructive />
        ) : null}
      </div>
    </figure>
  );
}
