import { getDb } from "@/db";
import { readAccountFingerprint } from "@/db/queries/account-fingerprint";
import { currentUserId } from "@/lib/api/current-user-id";
import { NotFoundError, withErrorHandling } from "@/lib/api/errors";

/**
 * GET /api/account/fingerprint: a short string that changes when the user's balance, plan or
 * purchases change. Every open tab polls it while visible and refreshes itself when it differs
 * from the one it was rendered with, so a payment confirmed in another tab shows everywhere.
 */
export const dynamic = "force-dynamic";

export const GET = withErrorHandling(async () => {
  const userId = await currentUserId();
  if (!userId) throw new NotFoundError();
  const fingerprint = await readAccountFingerprint(getDb(), userId);
  return Response.json({ fingerprint }, { headers: { "Cache-Control": "no-store" } });
});
