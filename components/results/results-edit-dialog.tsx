"use client";

import { lazy, Suspense } from "react";
import { useResultsGrid } from "./results-grid-controller";
import { useLazyDialog } from "./use-lazy-dialog";

const loadEditDialog = () => import("./edit-dialog");
const EditDialog = lazy(() => loadEditDialog().then((module) => ({ default: module.EditDialog })));

/** The edit dialog of a ResultsGallery, opened by a tile's Edit through the grid's controller. */
export function ResultsEditDialog({ credits, editingIncluded }: { credits: number; editingIncluded: boolean }) {
  const { editSource, setEditSource, download } = useResultsGrid();
  const opened = useLazyDialog(loadEditDialog, editSource !== null);

  return (
    <Suspense fallback={null}>
      {opened ? (
        <EditDialog
          source={editSource}
          credits={credits}
          editingIncluded={editingIncluded}
          onClose={() => setEditSource(null)}
          onRemix={setEditSource}
          onDownload={download}
        />
      ) : null}
    </Suspense>
  );
}
