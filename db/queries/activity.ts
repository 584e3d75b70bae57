import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { preparedPerDatabase } from "@/db/prepared";
import { generationImages, generations, type GenerationStatus } from "@/db/schema";

/**
 * What the dashboard and /activity list (spec §7 "Data queries"): every read is scoped by the
 * owner and bounded by a limit. Generations waiting for a payment (run_after null) are not
 * shown until the payment releases them.
 */

/** Spec §7: recent images are read 15 at a time; the dashboard shows the first 10. */
export const recentImagesLimit = 15;

/** The dashboard reads it on every request, so it is built once (db/prepared.ts). */
const recentImages = preparedPerDatabase((db) =>
  db
    .select({
      id: generationImages.id,
      generationId: generationImages.generationId,
      position: generationImages.position,
      contentType: generationImages.contentType,
      width: generationImages.width,
      height: generationImages.height,
      createdAt: generationImages.createdAt,
      tool: generations.tool,
      category: generations.category,
      input: generations.input,
    })
    .from(generationImages)
    .innerJoin(generations, eq(generations.id, generationImages.generationId))
    .where(
      and(
        eq(generationImages.userId, sql.placeholder("userId")),
        eq(generations.userId, sql.placeholder("userId")),
        eq(generations.status, "complete"),
        isNull(generationImages.deletedAt),
      ),
    )
    .orderBy(desc(generationImages.createdAt), asc(generationImages.position))
    .limit(sql.placeholder("limit"))
    .prepare("recent_images"),
);

/** The newest images of complete generations of every tool (edits included), newest first. */
export async function listRecentImages(db: DbOrTx, userId: string, limit = recentImagesLimit) {
  return recentImages(db).execute({ userId, limit: Math.min(limit, recentImagesLimit) });
}

export type RecentImageRow = Awaited<ReturnType<typeof listRecentImages>>[number];

const activityColumns = {
  id: generations.id,
  tool: generations.tool,
  category: generations.category,
  status: generations.status,
  progress: generations.progress,
  input: generations.input,
  numberShots: generations.numberShots,
  errorKey: generations.errorKey,
  errorDetail: generations.errorDetail,
  createdAt: generations.createdAt,
  completedAt: generations.completedAt,
};

function visibleGenerationsOf(userId: string, category: string | undefined, statuses: readonly GenerationStatus[]) {
  return and(
    eq(generations.userId, userId),
    isNotNull(generations.runAfter),
    inArray(generations.status, [...statuses]),
    category === undefined ? undefined : eq(generations.category, category),
  );
}

/** Pending and processing generations, newest first (a user rarely has more than a few). */
export async function listInProgressGenerations(
  db: DbOrTx,
  userId: string,
  options: { category?: string; limit: number },
) {
  return db
    .select(activityColumns)
    .from(generations)
    .where(visibleGenerationsOf(userId, options.category, ["pending", "processing"]))
    .orderBy(desc(generations.createdAt), desc(generations.id))
    .limit(options.limit);
}

/** A complete generation still has an image to show (not all of them deleted). */
const hasImagesIfComplete = or(
  ne(generations.status, "complete"),
  sql`exists (select 1 from ${generationImages} where ${generationImages.generationId} = ${generations.id} and ${generationImages.deletedAt} is null)`,
);

/**
 * One page of finished (complete or failed) generations, newest first. A complete one whose
 * images were all deleted has nothing left to show and leaves the list (issue 19).
 */
export async function listFinishedGenerations(
  db: DbOrTx,
  userId: string,
  options: { category?: string; limit: number; offset: number },
) {
  return db
    .select(activityColumns)
    .from(generations)
    .where(and(visibleGenerationsOf(userId, options.category, ["complete", "failed"]), hasImagesIfComplete))
    .orderBy(desc(generations.createdAt), desc(generations.id))
    .limit(options.limit)
    .offset(options.offset);
}

export type ActivityGenerationRow = Awaited<ReturnType<typeof listFinishedGenerations>>[number];

/** The shown images of the given generations, in their order (covers and counts of cards). */
export async function listImagesOfGenerations(db: DbOrTx, userId: string, generationIds: readonly string[]) {
  if (generationIds.length === 0) return [];
  return db
    .select({ id: generationImages.id, generationId: generationImages.generationId, position: generationImages.position })
    .from(generationImages)
    .where(
      and(
        eq(generationImages.userId, userId),
        inArray(generationImages.generationId, [...generationIds]),
        isNull(generationImages.deletedAt),
      ),
    )
    .orderBy(asc(generationImages.generationId), asc(generationImages.position));
}

const activityFingerprint = preparedPerDatabase((db) =>
  db
    .select({
      count: sql<number>`count(*)::int`,
      latestUpdate: sql<string | null>`max(${generations.updatedAt})::text`,
      progress: sql<number>`coalesce(sum(${generations.progress}), 0)::int`,
      finished: sql<number>`count(*) filter (where ${generations.status} in ('complete', 'failed'))::int`,
    })
    .from(generations)
    .where(and(eq(generations.userId, sql.placeholder("userId")), isNotNull(generations.runAfter)))
    .prepare("activity_fingerprint"),
);

/**
 * A fingerprint of the user's visible generations: it changes when one is added, changes
 * status or makes progress, so an open /activity page knows when to fetch itself again.
 * /activity and its open tabs' polling read it often, so it is built once (db/prepared.ts).
 */
export async function readActivityFingerprint(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await activityFingerprint(db).execute({ userId });
  return row ? `${row.count}:${row.finished}:${row.progress}:${row.latestUpdate ?? ""}` : "0";
}
