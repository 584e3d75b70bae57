/**
 * The `sizes` of result tiles: how wide a tile is in each grid (results-grid.tsx, the activity
 * list), so its image loads the smallest copy that stays sharp. Two columns on a phone, three
 * from `sm`, four or five from `lg`, in a page at most 1280 px wide (max-w-7xl).
 */
export function gridTileSizes(largeScreenColumns: 4 | 5): string {
  const largest = Math.ceil(1280 / largeScreenColumns);
  return `(min-width: 1280px) ${largest}px, (min-width: 1024px) ${Math.ceil(100 / largeScreenColumns)}vw, (min-width: 640px) 34vw, 50vw`;
}

/** The single-image layout: full width on a phone, at most max-w-md (448 px). */
export const singleTileSizes = "(min-width: 480px) 448px, 100vw";
