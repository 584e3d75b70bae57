"use client";

import { lazy, Suspense, useEffect } from "react";
import { useOpenedOnce, useResultsGrid } from "./results-grid-controller";

/* Fetched once the page is interactive, mounted when first opened, then kept (issue 16). */
const loadEditDialog = () => import("./edit-dialog");
const EditDialog = lazy(() => loadEditDialog().then((module) => ({ default: module.EditDialog })));

/** The edit dialog of a ResultsGallery, opened by a tile's Edit through the grid's controller. */
export function ResultsEditDialog({ credits, editingIncluded }: { credits: number; editingIncluded: boolean }) {
  const { editSource, setEditSource, download } = useResultsGrid();
  const opened = useOpenedOnce(editSource !== null);

  useEffect(() => {
    void loadEditDialog();
  }, []);

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
