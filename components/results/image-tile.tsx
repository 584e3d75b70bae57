import { useTranslations } from "next-intl";
import { SpriteIcon } from "@/components/layout/sprite-icon";
import { CategoryBadge } from "@/components/generation/category-badge";
import { editCreditCost } from "@/lib/generation/edit-cost";
import type { ResultImageView } from "@/lib/results/result-image-view";
import { ResultImage } from "./result-image";
import { TileAction } from "./tile-action";

export type TileAspect = "portrait" | "square";
/** Passed in by results-gallery.tsx, so a page without editing imports nothing of it. */
export interface TileEdit {
  blockedHint?: React.ReactNode;
}

export interface ImageTileProps {
  image: ResultImageView;
  /** 1-based place on the page, for the image's name ("Hair Changer result 2"). */
  number: number;
  aspect?: TileAspect;
  /** How wide the tile is shown (tile-sizes.ts), so it loads a smaller copy of the image. */
  sizes: string;
  /** Absent: no edit button. With a `blockedHint` (spec §2: credits below the cost), greyed out. */
  edit?: TileEdit;
  /** False: no delete button. */
  canDelete?: boolean;
  /** The category badge and a gallery link, for tiles that mix tools (the dashboard). */
  mixed?: boolean;
}

/**
 * One result image (spec §2 results, gallery, dashboard): opens the viewer; download, edit,
 * delete. Server-rendered markup (issue 16: a page of client tiles took long to hydrate); its
 * buttons name their action in `data-tile-action` for the gallery's controller.
 */
export function ImageTile({ image, number, aspect = "portrait", sizes, edit, canDelete = true, mixed = false }: ImageTileProps) {
  const t = useTranslations("results");
  const badge = image.editDepth === 1 ? t("editBadge") : image.editDepth > 1 ? t("remixBadge") : null;
  const name = t("imageAlt", { category: image.category, number });
  const id = `tile-${image.id}`;

  return (
    <figure
      data-testid="result-tile"
      data-image-id={image.id}
      data-edit-depth={image.editDepth}
      className={aspect === "portrait" ? "image-tile group aspect-[3/4]" : "image-tile group aspect-square"}
    >
      <button type="button" data-tile-action="open" data-testid="result-open" aria-label={t("open", { number })} className="image-tile-open">
        <ResultImage src={image.url} alt={name} sizes={sizes} className="image-tile-image" />
      </button>

      {mixed || badge ? (
        <div className="image-tile-badges">
          {mixed ? <CategoryBadge category={image.category} tone="solid" /> : null}
          {badge ? (
            <span data-testid="edit-badge" className="rounded-md bg-fuchsia-600/90 px-2 py-0.5 text-xs font-medium text-white shadow-sm">
              {badge}
            </span>
          ) : null}
        </div>
      ) : null}

      <figcaption className="sr-only">{name}</figcaption>
      {/*
        Physically bottom-left in both directions: preview images carry their "PREVIEW" mark in
        the bottom-right corner (decision 11), and the buttons must not hide it.
      */}
      <div role="toolbar" aria-label={t("actions")} className="image-tile-toolbar">
        {mixed ? (
          // A plain link, followed within the app by the grid's InAppLinks (results-grid.tsx).
          <a
            href={`/gallery/${image.generationId}`}
            aria-label={t("viewGallery")}
            data-testid="result-gallery-link"
            className="tile-action-button hover:bg-black/75"
          >
            <SpriteIcon name="gallery-horizontal-end" className="size-4" />
          </a>
        ) : null}
        <TileAction id={`${id}-download`} action="download" icon="download" label={t("download")} />
        {edit ? (
          <TileAction
            id={`${id}-edit`}
            action="edit"
            icon="pencil"
            label={t("edit")}
            tooltip={edit.blockedHint ? t("editNeedsCredits", { cost: editCreditCost }) : t("editTooltip", { cost: editCreditCost })}
            blockedHint={edit.blockedHint}
          />
        ) : null}
        {canDelete ? <TileAction id={`${id}-delete`} action="delete" icon="trash" label={t("delete")} destructive /> : null}
      </div>
    </figure>
  );
}
