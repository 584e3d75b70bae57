import { getDb } from "@/db";
import { readActivityFingerprint } from "@/db/queries/activity";
import { currentUserId } from "@/lib/api/current-user-id";
import { NotFoundError, withErrorHandling } from "@/lib/api/errors";

/**
 * GET /api/activity/fingerprint: a short string that changes whenever one of the user's
 * generations is added, moves on or makes progress. An open /activity page polls it and only
 * fetches itself again when it changed (spec §4: the list refreshes live).
 */
export const dynamic = "force-dynamic";

export const GET = withErrorHandling(async () => {
  const userId = await currentUserId();
  if (!userId) throw new NotFoundError();
  const fingerprint = await readActivityFingerprint(getDb(), userId);
  return Response.json({ fingerprint }, { headers: { "Cache-Control": "no-store" } });
});
