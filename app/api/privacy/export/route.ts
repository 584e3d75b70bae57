import { getDb } from "@/db";
import { currentUserId } from "@/lib/api/current-user-id";
import { ApiError, withErrorHandling } from "@/lib/api/errors";
import { nodeStreamToWeb } from "@/lib/api/node-stream-to-web";
import { contentDispositionHeader } from "@/lib/downloads/content-disposition";
import { buildPersonalDataExport } from "@/lib/privacy/personal-data-export";
import { getStorage } from "@/lib/storage";

/**
 * GET /api/privacy/export: "Download my data" on the privacy page. Streams a zip of the signed-in
 * user's own data and images while it is built; there is no id in the URL, so nobody can ask
 * for someone else's.
 */
export const dynamic = "force-dynamic";

export const GET = withErrorHandling(async () => {
  const userId = await currentUserId();
  if (!userId) throw new ApiError(401, "unauthorized", "Please sign in to continue.");
  const zip = await buildPersonalDataExport(getDb(), getStorage(), userId);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(nodeStreamToWeb(zip), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": contentDispositionHeader("attachment", `my-data-${date}.zip`),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
