import { getDb } from "@/db";
import { readAccountFingerprint } from "@/db/queries/account-fingerprint";
import { withErrorHandling } from "@/lib/api/errors";
import { fingerprintResponse } from "@/lib/api/fingerprint-response";

/**
 * GET /api/account/fingerprint: a short string that changes when the user's balance, plan or
 * purchases change. Every open tab polls it while visible and refreshes itself when it differs
 * from the one it was rendered with, so a payment confirmed in another tab shows everywhere.
 */
export const dynamic = "force-dynamic";

export const GET = withErrorHandling(() => fingerprintResponse((userId) => readAccountFingerprint(getDb(), userId)));
