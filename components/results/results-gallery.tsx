import { editCreditCost } from "@/lib/generation/edit-cost";
import { EditCreditsHint } from "./edit-credits-hint";
import { ResultsEditDialog } from "./results-edit-dialog";
import { ResultsGrid, type ResultsGridProps } from "./results-grid";

/**
 * The shared results experience: a grid of image tiles, the full-screen viewer, the edit dialog
 * and delete. Used by the gallery and meant for every tool's results page:
 *
 *   <ResultsGallery images={resultImagesFromStatus(generation, "hair_changer")} credits={credits} />
 *
 * `images` come from the server (lib/results/result-image-view.ts). After a delete or an edit
 * the page is refreshed, so it shows the new state and the header its balance.
 */
export function ResultsGallery({
  credits,
  editingIncluded = true,
  ...grid
}: ResultsGridProps & {
  /** The user's balance: edit is disabled below the cost (spec §2). */
  credits: number;
  /** False on a plan without remix and edit (Starter): the edit dialog offers the upgrade. */
  editingIncluded?: boolean;
}) {
  return (
    <ResultsGrid
      {...grid}
      edit={{ blockedHint: editingIncluded && credits < editCreditCost ? <EditCreditsHint /> : undefined }}
      editDialog={<ResultsEditDialog images={grid.images} credits={credits} editingIncluded={editingIncluded} />}
    />
  );
}
