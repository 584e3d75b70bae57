import { getDb } from "@/db";
import { readActivityFingerprint } from "@/db/queries/activity";
import { withErrorHandling } from "@/lib/api/errors";
import { fingerprintResponse } from "@/lib/api/fingerprint-response";

/**
 * GET /api/activity/fingerprint: a short string that changes whenever one of the user's
 * generations is added, moves on or makes progress. An open /activity page polls it and only
 * fetches itself again when it changed (spec §4: the list refreshes live).
 */
export const dynamic = "force-dynamic";

export const GET = withErrorHandling(() => fingerprintResponse((userId) => readActivityFingerprint(getDb(), userId)));
