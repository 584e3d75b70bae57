"use client";

import { lazy, Suspense, useState } from "react";
import type { ResultImageView } from "@/lib/results/result-image-view";
import { useResultsGrid } from "./results-grid-controller";
import { useLazyDialog } from "./use-lazy-dialog";

const loadEditDialog = () => import("./edit-dialog");
const EditDialog = lazy(() => loadEditDialog().then((module) => ({ default: module.EditDialog })));

/**
 * The edit dialog of a ResultsGallery, opened by a tile's Edit through the grid's controller.
 * It alone gets the images whole (what an edit needs to know of its source); the controller
 * gets what its viewer and download read.
 */
export function ResultsEditDialog({
  images,
  credits,
  editingIncluded,
}: {
  images: readonly ResultImageView[];
  credits: number;
  editingIncluded: boolean;
}) {
  const { editImageId, setEditImageId, download } = useResultsGrid();
  // A remix edits the edit just made, which is not among the grid's images.
  const [remixSource, setRemixSource] = useState<ResultImageView | null>(null);
  const source = editImageId === null ? null : (remixSource ?? images.find((image) => image.id === editImageId) ?? null);
  const opened = useLazyDialog(loadEditDialog, source !== null);

  return (
    <Suspense fallback={null}>
      {opened ? (
        <EditDialog
          source={source}
          credits={credits}
          editingIncluded={editingIncluded}
          onClose={() => {
            setRemixSource(null);
            setEditImageId(null);
          }}
          onRemix={setRemixSource}
          onDownload={download}
        />
      ) : null}
    </Suspense>
  );
}
