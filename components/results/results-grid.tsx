import { InAppLinks } from "@/components/layout/in-app-links";
import type { DownloadPlace } from "@/components/download/use-image-downloads";
import type { ResultImageView } from "@/lib/results/result-image-view";
import { ImageTile, type TileAspect, type TileEdit } from "./image-tile";
import { gridTileSizes, singleTileSizes } from "./tile-sizes";
import { ResultsGridController, ResultsGridItem } from "./results-grid-controller";

export interface ResultsGridProps {
  images: readonly ResultImageView[];
  /** Spec §8: results pages and recent images fail downloads differently. */
  place?: DownloadPlace;
  canDelete?: boolean;
  aspect?: TileAspect;
  /** "single" centres one large tile (AI Product results); "grid" fills columns. */
  layout?: "grid" | "single";
  /** Category badges and gallery links, for tiles from several generations (the dashboard). */
  mixed?: boolean;
  /** Columns of the "grid" layout on large screens. */
  largeScreenColumns?: 4 | 5;
}

/**
 * Result images without editing (the dashboard's recent images): server-rendered tiles, the
 * viewer, download and delete, one client controller for all of them (issue 16). With editing,
 * ResultsGallery (results-gallery.tsx) adds the edit button and dialog; a page without it sends
 * neither the dialog's code nor its messages.
 */
export function ResultsGrid({
  images,
  place = "results",
  canDelete = true,
  aspect = "portrait",
  layout = "grid",
  mixed = false,
  largeScreenColumns = 4,
  edit,
  editDialog,
}: ResultsGridProps & {
  /** Given by ResultsGallery: the tiles' edit button and the dialog it opens. */
  edit?: TileEdit;
  editDialog?: React.ReactNode;
}) {
  const gridClass =
    layout === "single"
      ? "mx-auto grid max-w-md gap-4"
      : `grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 ${largeScreenColumns === 5 ? "lg:grid-cols-5" : "lg:grid-cols-4"}`;
  const grid = (
    <ul data-testid="results-grid" className={gridClass}>
      {images.map((image, index) => (
        <ResultsGridItem key={image.id} imageId={image.id}>
          <ImageTile
            image={image}
            number={index + 1}
            aspect={aspect}
            sizes={layout === "single" ? singleTileSizes : gridTileSizes(largeScreenColumns)}
            edit={edit}
            canDelete={canDelete}
            mixed={mixed}
          />
        </ResultsGridItem>
      ))}
    </ul>
  );
  // The controller gets what its viewer and download read, not each image's whole record (issue 16);
  // beside an edit dialog, which gets the images whole, the same array, sent once by the flight data.
  const controllerImages = editDialog ? images : images.map(({ id, url, fileName }) => ({ id, url, fileName }));
  return (
    <ResultsGridController images={controllerImages} place={place} canDelete={canDelete} editDialog={editDialog}>
      {/* Mixed tiles link to their galleries. */}
      {mixed ? <InAppLinks>{grid}</InAppLinks> : grid}
    </ResultsGridController>
  );
}
