/**
 * Downloads in the browser (spec §8). One image is fetched and saved under its name; when that
 * fails the image opens in a new tab so the user can still save it by hand, and the caller shows
 * the failure toast. Download All lets the browser stream the server's zip straight to disk, so
 * a zip of any size never sits in the page's memory.
 */
export interface DownloadEnvironment {
  fetch(url: string): Promise<Response>;
  saveBlob(blob: Blob, fileName: string): void;
  saveUrl(url: string, fileName?: string): void;
  openInNewTab(url: string): void;
}

export type ImageDownloadOutcome = "downloaded" | "openedInNewTab" | "failed";

function clickLink(href: string, fileName: string | undefined): void {
  const link = document.createElement("a");
  link.href = href;
  if (fileName !== undefined) link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
}

export const browserDownloadEnvironment: DownloadEnvironment = {
  fetch: (url) => fetch(url, { credentials: "same-origin" }),
  saveBlob(blob, fileName) {
    const objectUrl = URL.createObjectURL(blob);
    clickLink(objectUrl, fileName);
    // Revoked on the next turn: the click has started the download by then.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
  },
  saveUrl: (url, fileName) => clickLink(url, fileName ?? ""),
  openInNewTab(url) {
    window.open(url, "_blank", "noopener");
  },
};

export interface ImageDownloadRequest {
  url: string;
  fileName: string;
  /** What the new tab shows on failure (the image itself rather than its download URL). */
  viewUrl?: string;
  /** Results pages open the image in a new tab on failure; recent-image tiles do not (spec §8). */
  openInNewTabOnFailure?: boolean;
}

export async function downloadImageFile(
  request: ImageDownloadRequest,
  environment: DownloadEnvironment = browserDownloadEnvironment,
): Promise<ImageDownloadOutcome> {
  try {
    const response = await environment.fetch(request.url);
    if (!response.ok) throw new Error(`Download answered ${response.status}`);
    environment.saveBlob(await response.blob(), request.fileName);
    return "downloaded";
  } catch (error) {
    console.error("Image download failed", error);
    if (request.openInNewTabOnFailure === false) return "failed";
    try {
      environment.openInNewTab(request.viewUrl ?? request.url);
      return "openedInNewTab";
    } catch (fallbackError) {
      console.error("Opening the image failed too", fallbackError);
      return "failed";
    }
  }
}

/** Spec §8: a Download All failure is only logged. */
export function downloadZipFile(url: string, environment: DownloadEnvironment = browserDownloadEnvironment): void {
  try {
    environment.saveUrl(url);
  } catch (error) {
    console.error("Download All failed", error);
  }
}
