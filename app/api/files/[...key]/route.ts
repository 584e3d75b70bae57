import type { NextRequest } from "next/server";
import { z } from "zod";
import { ApiError, NotFoundError, withErrorHandling } from "@/lib/api/errors";
import { storedObjectResponse } from "@/lib/api/stored-object-response";
import { verifyLocalFileGrant } from "@/lib/storage/local-file-signature";
import { isValidObjectKey } from "@/lib/storage/object-keys";
import { getFilesSigningSecret, getStorage } from "@/lib/storage";

/**
 * GET /api/files/{key}?expires=…&signature=…: the signed, short-lived URLs of the local storage
 * backend (S3 serves its own). No session is needed, the signature is the permission; like
 * S3, a wrong or expired signature answers 403.
 */
export const dynamic = "force-dynamic";

const grantSchema = z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().min(1).max(100),
  filename: z.string().max(200).optional(),
});

export const GET = withErrorHandling(async (request: NextRequest, context: { params: Promise<{ key: string[] }> }) => {
  const storage = getStorage();
  const key = (await context.params).key.join("/");
  if (storage.kind !== "local" || !isValidObjectKey(key)) throw new NotFoundError();

  const parsed = grantSchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  const now = Math.floor(Date.now() / 1000);
  const grant = parsed.success ? { key, expires: parsed.data.expires, downloadFileName: parsed.data.filename } : null;
  if (!grant || !parsed.success || !verifyLocalFileGrant(getFilesSigningSecret(), grant, parsed.data.signature, now)) {
    throw new ApiError(403, "forbidden", "This link is invalid or has expired");
  }

  const object = await storage.get(key);
  if (!object) throw new NotFoundError();
  const fileName = grant.downloadFileName ?? key.slice(key.lastIndexOf("/") + 1);
  return storedObjectResponse(object, {
    fileName,
    download: grant.downloadFileName !== undefined,
    maxAgeSeconds: Math.min(grant.expires - now, 3600),
  });
});
