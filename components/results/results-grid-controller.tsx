"use client";

import { createContext, lazy, Suspense, use, useState } from "react";
import { useRouter } from "next/navigation";
import { useImageDownloads, type DownloadPlace } from "@/components/download/use-image-downloads";
import type { ResultImageView } from "@/lib/results/result-image-view";
import { useDeleteImage } from "./use-delete-image";
import type { TileActionName } from "./tile-action";
import { useLazyDialog } from "./use-lazy-dialog";

/*
 * The viewer and the delete dialog open only on a click, so their code (the Radix dialog with
 * it) is not part of the page's first load (issue #16). The viewer's code is requested as soon
 * as this module runs, before the page hydrates, and the viewer is always rendered, closed until
 * a tile opens it: it is in place before anyone can click, so arrow keys pressed the moment it
 * opens reach it. The delete dialog is a lazy dialog (use-lazy-dialog.ts), like the edit dialog.
 */
const lightboxModule = import("./lightbox");
const Lightbox = lazy(() => lightboxModule.then((module) => ({ default: module.Lightbox })));
const loadDeleteDialog = () => import("./delete-image-dialog");
const DeleteImageDialog = lazy(() => loadDeleteDialog().then((module) => ({ default: module.DeleteImageDialog })));

/** What the controller reads of an image, for the viewer and download: the tiles are server markup. */
export type GridImage = Pick<ResultImageView, "id" | "url" | "fileName">;

interface ResultsGridState {
  removedIds: ReadonlySet<string>;
  deletingIds: ReadonlySet<string>;
  /** The image whose edit was asked for, for the edit dialog of results-gallery.tsx. */
  editImageId: string | null;
  setEditImageId(imageId: string | null): void;
  download(image: GridImage): void;
}

const ResultsGridContext = createContext<ResultsGridState | null>(null);

export function useResultsGrid(): ResultsGridState {
  const state = use(ResultsGridContext);
  if (!state) throw new Error("useResultsGrid outside <ResultsGridController>");
  return state;
}

/** A tile's place in the grid: gone once its image is deleted, dimmed and inert while it is. */
export function ResultsGridItem({ imageId, children }: { imageId: string; children: React.ReactNode }) {
  const { removedIds, deletingIds } = useResultsGrid();
  if (removedIds.has(imageId)) return null;
  const deleting = deletingIds.has(imageId);
  return (
    <li aria-busy={deleting || undefined} inert={deleting} className={deleting ? "opacity-50 transition-opacity" : "transition-opacity"}>
      {children}
    </li>
  );
}

function tileActionOf(target: EventTarget): { action: TileActionName | "open"; imageId: string } | null {
  if (!(target instanceof Element)) return null;
  const button = target.closest<HTMLElement>("[data-tile-action]");
  const imageId = button?.closest<HTMLElement>("[data-image-id]")?.dataset.imageId;
  const action = button?.dataset.tileAction;
  return imageId && (action === "open" || action === "download" || action === "edit" || action === "delete") ? { action, imageId } : null;
}

/**
 * The one client component of a results grid (results-grid.tsx, issue 16): the tiles are
 * server-rendered markup, and their clicks reach it through the grid (`data-tile-action`). It
 * holds the viewer, delete and the tiles' state; the edit dialog, where there is one, reads it
 * from context. After a delete the page is refreshed, so the server shows the new state and the
 * header its balance.
 */
export function ResultsGridController({
  images,
  place,
  canDelete,
  editDialog,
  children,
}: {
  images: readonly GridImage[];
  place: DownloadPlace;
  canDelete: boolean;
  /** The edit dialog of results-gallery.tsx, which reads the id of the image to edit from context. */
  editDialog?: React.ReactNode;
  children: React.ReactNode;
}) {
  const router = useRouter();
  const { downloadImage } = useImageDownloads(place);
  const { deleteImage, deletingIds } = useDeleteImage();
  const [removedIds, setRemovedIds] = useState<ReadonlySet<string>>(new Set());
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const [editImageId, setEditImageId] = useState<string | null>(null);
  const [confirmDeleteId, setConfirmDeleteId] = useState<string | null>(null);
  const deleteDialogShown = useLazyDialog(canDelete ? loadDeleteDialog : undefined, confirmDeleteId !== null);

  const shown = images.filter((image) => !removedIds.has(image.id));
  const download = (image: GridImage) => void downloadImage({ id: image.id, fileName: image.fileName });

  function onClick(event: React.MouseEvent) {
    const clicked = tileActionOf(event.target);
    const index = clicked ? shown.findIndex((image) => image.id === clicked.imageId) : -1;
    const image = shown[index];
    if (!clicked || !image) return;
    if (clicked.action === "open") setViewerIndex(index);
    else if (clicked.action === "download") download(image);
    else if (clicked.action === "edit") setEditImageId(image.id);
    else setConfirmDeleteId(image.id);
  }

  async function confirmDelete() {
    const imageId = confirmDeleteId;
    setConfirmDeleteId(null);
    if (!imageId || !(await deleteImage(imageId))) return;
    setRemovedIds((ids) => new Set(ids).add(imageId));
    router.refresh();
  }

  return (
    <ResultsGridContext value={{ removedIds, deletingIds, editImageId, setEditImageId, download }}>
      {/* Focus a click or tap gave a tile's action shows no tooltip (globals.css), the pointer's hover does. */}
      <div
        onClick={onClick}
        onPointerDown={(event) => {
          if (event.target instanceof Element) event.target.closest<HTMLElement>(".tile-action")?.setAttribute("data-pointer-focus", "");
        }}
        onBlur={(event) => event.target.closest(".tile-action")?.removeAttribute("data-pointer-focus")}
      >
        {children}
      </div>

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
        {deleteDialogShown ? (
          <DeleteImageDialog
            open={confirmDeleteId !== null}
            onConfirm={() => void confirmDelete()}
            onCancel={() => setConfirmDeleteId(null)}
          />
        ) : null}
      </Suspense>
      {editDialog}
    </ResultsGridContext>
  );
}
