import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed URLs of the local backend: `/api/files/<key>?expires=<unix seconds>&signature=<hmac>`
 * (plus `filename` for downloads). The HMAC covers the key, the expiry and the file name, so
 * none of them can be changed, and the URL stops working at the expiry.
 */
export const localFilesRoutePrefix = "/api/files/";

export interface LocalFileGrant {
  key: string;
  /** Unix time in seconds. */
  expires: number;
  downloadFileName?: string;
}

function signature(secret: string, grant: LocalFileGrant): string {
  return createHmac("sha256", secret)
    .update(`${grant.key}\n${grant.expires}\n${grant.downloadFileName ?? ""}`)
    .digest("base64url");
}

export function signLocalFileUrl(baseUrl: string, secret: string, grant: LocalFileGrant): string {
  const url = new URL(`${localFilesRoutePrefix}${grant.key}`, baseUrl);
  url.searchParams.set("expires", String(grant.expires));
  if (grant.downloadFileName) url.searchParams.set("filename", grant.downloadFileName);
  url.searchParams.set("signature", signature(secret, grant));
  return url.toString();
}

/** True when the signature matches and `nowSeconds` is not past the expiry. */
export function verifyLocalFileGrant(
  secret: string,
  grant: LocalFileGrant,
  providedSignature: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!Number.isSafeInteger(grant.expires) || grant.expires < nowSeconds) return false;
  const expected = Buffer.from(signature(secret, grant));
  const provided = Buffer.from(providedSignature);
  return expected.length === provided.length && timingSafeEqual(expected, provided);
}
