/** App URLs of private images; the routes answer only the owner (404 for anyone else). */
export function imageUrl(imageId: string, options: { download?: boolean } = {}): string {
  return `/api/images/${encodeURIComponent(imageId)}${options.download ? "?download=1" : ""}`;
}

export function generationZipUrl(generationId: string): string {
  return `/api/generations/${encodeURIComponent(generationId)}/zip`;
}
