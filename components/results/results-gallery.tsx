"use client";

import { lazy, Suspense, useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { useImageDownloads, type DownloadPlace } from "@/components/download/use-image-downloads";
import { editCreditCost } from "@/lib/generation/edit-cost";
import type { ResultImageView } from "@/lib/results/result-image-view";
import { cn } from "@/lib/utils";
import { ImageTile, type TileAspect } from "./image-tile";
import { useDeleteImage } from "./use-delete-image";

/*
 * The viewer and the edit and delete dialogs open only on a click, so their code (the Radix
 * dialog with it) is not part of the page's first load (issue #16). The viewer's code is
 * requested as soon as this module runs, before the page hydrates, and the viewer is always
 * rendered, closed until a tile opens it: it is in place before anyone can click, so arrow keys
 * pressed the moment it opens reach it. The edit and delete dialogs are fetched once the page
 * is interactive, each mounts when first opened and then stays, so it closes and hands focus
 * back like any dialog.
 */
const lightboxModule = import("./lightbox");
const Lightbox = lazy(() => lightboxModule.then((module) => ({ default: module.Lightbox })));
const loadEditDialog = () => import("./edit-dialog");
const loadDeleteDialog = () => import("./delete-image-dialog");
const EditDialog = lazy(() => loadEditDialog().then((module) => ({ default: module.EditDialog })));
const DeleteImageDialog = lazy(() => loadDeleteDialog().then((module) => ({ default: module.DeleteImageDialog })));

/** True from the first time `open` is true on. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Adjusting state while rendering, React's pattern for state derived from a change.
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * The shared results experience: a grid of image tiles, the full-screen viewer, the edit dialog
 * and delete. Used by the gallery and the dashboard, and meant for every tool's results page:
 *
 *   <ResultsGallery images={resultImagesFromStatus(generation, "hair_changer")} credits={credits} />
 *
 * `images` come from the server (lib/results/result-image-view.ts). After a delete or an edit
 * the page is refreshed, so server-rendered pages show the new state and the header its
 * balance; pages that keep their own list use onDeleted / onEdited.
 */
export interface ResultsGalleryProps {
  images: readonly ResultImageView[];
  /** The user's balance: edit is disabled below the cost (spec §2). */
  credits: number;
  /** Spec §8: results pages and recent images fail downloads differently. */
  place?: DownloadPlace;
  canEdit?: boolean;
  /** False on a plan without remix and edit (Starter): the edit dialog offers the upgrade. */
  editingIncluded?: boolean;
  canDelete?: boolean;
  aspect?: TileAspect;
  /** "single" centres one large tile (AI Product results); "grid" fills columns. */
  layout?: "grid" | "single";
  /** Category badges and gallery links, for tiles from several generations (the dashboard). */
  mixed?: boolean;
  onDeleted?: (imageId: string) => void;
  onEdited?: (result: ResultImageView) => void;
  /** Columns of the "grid" layout on large screens. */
  largeScreenColumns?: 4 | 5;
}

export function ResultsGallery({
  images,
  credits,
  place = "results",
  canEdit = true,
  editingIncluded = true,
  canDelete = true,
  aspect = "portrait",
  layout = "grid",
  mixed = false,
  onDeleted,
  onEdited,
  largeScreenColumns = 4,
}: ResultsGalleryProps) {
  const router = useRouter();
  const { downloadImage } = useImageDownloads(place);
  const { deleteImage, deletingIds } = useDeleteImage();
  const [removedIds, setRemovedIds] = useState<ReadonlySet<string>>(new Set());
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const [editSource, setEditSource] = useState<ResultImageView | null>(null);
  const [confirmDeleteId, setConfirmDeleteId] = useState<string | null>(null);

  const editOpened = useOpenedOnce(editSource !== null);
  const deleteOpened = useOpenedOnce(confirmDeleteId !== null);

  useEffect(() => {
    if (canEdit) void loadEditDialog();
    if (canDelete) void loadDeleteDialog();
  }, [canEdit, canDelete]);

  const shown = images.filter((image) => !removedIds.has(image.id));
  const download = (image: ResultImageView) => void downloadImage({ id: image.id, fileName: image.fileName });

  async function confirmDelete() {
    const imageId = confirmDeleteId;
    setConfirmDeleteId(null);
    if (!imageId || !(await deleteImage(imageId))) return;
    setRemovedIds((ids) => new Set(ids).add(imageId));
    onDeleted?.(imageId);
    router.refresh();
  }

  return (
    <>
      <ul
        data-testid="results-grid"
        className={cn(
          layout === "single"
            ? "mx-auto grid max-w-md gap-4"
            : ["grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4", largeScreenColumns === 5 ? "lg:grid-cols-5" : "lg:grid-cols-4"],
        )}
      >
        {shown.map((image, index) => (
          <li key={image.id}>
            <ImageTile
              image={image}
              number={index + 1}
              aspect={aspect}
              onOpen={() => setViewerIndex(index)}
              onDownload={() => download(image)}
              onEdit={canEdit ? () => setEditSource(image) : undefined}
              editDisabled={editingIncluded && credits < editCreditCost}
              onDelete={canDelete ? () => setConfirmDeleteId(image.id) : undefined}
              deleting={deletingIds.has(image.id)}
              showCategory={mixed}
              galleryLink={mixed}
            />
          </li>
        ))}
      </ul>

      {/* One boundary each: loading one never hides another while it is open. */}
      <Suspense fallback={null}>
        <Lightbox
          images={shown}
          index={viewerIndex}
          onIndexChange={setViewerIndex}
          onClose={() => setViewerIndex(null)}
          onDownload={download}
        />
      </Suspense>
      <Suspense fallback={null}>
        {canEdit && editOpened ? (
          <EditDialog
            source={editSource}
            credits={credits}
            editingIncluded={editingIncluded}
            onClose={() => setEditSource(null)}
            onRemix={setEditSource}
            onDownload={download}
            onEdited={onEdited}
          />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>
        {canDelete && deleteOpened ? (
          <DeleteImageDialog
            open={confirmDeleteId !== null}
            onConfirm={() => void confirmDelete()}
            onCancel={() => setConfirmDeleteId(null)}
          />
        ) : null}
      </Suspense>
    </>
  );
}
