import { z } from "zod";
import { getDb } from "@/db";
import { currentUserId } from "@/lib/api/current-user-id";
import { NotFoundError, withErrorHandling } from "@/lib/api/errors";
import { getGenerationStatus } from "@/lib/generation/generation-status";

/**
 * GET /api/generations/{id}: status, progress, images, error key and refund of one of the
 * user's generations; loading pages poll it. Anyone else, signed out included, gets the same
 * 404 as for an id that does not exist.
 */
export const dynamic = "force-dynamic";

export const GET = withErrorHandling(async (_request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const userId = await currentUserId();
  if (!userId || !z.uuid().safeParse(id).success) throw new NotFoundError();
  const status = await getGenerationStatus(getDb(), userId, id);
  if (!status) throw new NotFoundError();
  return Response.json(status, { headers: { "Cache-Control": "no-store" } });
});
