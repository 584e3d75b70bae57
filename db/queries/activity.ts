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
  /**
   * Second payments of the generation's order, refunded in full (issue 34), read with the card
   * rather than by a query of their own. Written out: drizzle leaves a single table's columns
   * unqualified, which the subquery's own tables would shadow.
   */
  secondPaymentRefundedMinor: sql<number | null>`(select sum(dp.amount_minor)::int from duplicate_payments dp join purchases p on p.id = dp.purchase_id where p.generation_id = "generations"."id")`.as(
    "second_payment_refunded_minor",
  ),
  secondPaymentCurrency: sql<string | null>`(select min(dp.currency) from duplicate_payments dp join purchases p on p.id = dp.purchase_id where p.generation_id = "generations"."id")`.as(
    "second_payment_currency",
  ),
};

/** A complete generation still has an image to show (not all of them deleted). */
const hasImagesIfComplete = or(
  ne(generations.status, "complete"),
  sql`exists (select 1 from ${generationImages} where ${generationImages.generationId} = ${generations.id} and ${generationImages.deletedAt} is null)`,
);

/**
 * /activity reads both lists on every request, so each is built once (db/prepared.ts), with and
 * without the category filter: the user, category, limit and offset are the statements' parameters.
 */
function visibleGenerations(statuses: readonly GenerationStatus[], byCategory: boolean) {
  return and(
    eq(generations.userId, sql.placeholder("userId")),
    isNotNull(generations.runAfter),
    inArray(generations.status, [...statuses]),
    byCategory ? eq(generations.category, sql.placeholder("category")) : undefined,
  );
}

/**
 * A list's two statements, `name` and `name_by_category`, and the call that runs the one the
 * options ask for: with a category the filtered one, without it the other.
 */
function withCategoryFilter<Row>(
  name: string,
  prepare: (db: DbOrTx, byCategory: boolean, name: string) => { execute(values: Record<string, unknown>): Promise<Row[]> },
) {
  const all = preparedPerDatabase((db) => prepare(db, false, name));
  const byCategory = preparedPerDatabase((db) => prepare(db, true, `${name}_by_category`));
  return (db: DbOrTx, values: { userId: string; category?: string; limit: number; offset?: number }): Promise<Row[]> =>
    values.category === undefined ? all(db).execute(values) : byCategory(db).execute(values);
}

const inProgressGenerations = withCategoryFilter("activity_in_progress", (db, byCategory, name) =>
  db
    .select(activityColumns)
    .from(generations)
    .where(visibleGenerations(["pending", "processing"], byCategory))
    .orderBy(desc(generations.createdAt), desc(generations.id))
    .limit(sql.placeholder("limit"))
    .prepare(name),
);

/** Pending and processing generations, newest first (a user rarely has more than a few). */
export async function listInProgressGenerations(
  db: DbOrTx,
  userId: string,
  options: { category?: string; limit: number },
) {
  return inProgressGenerations(db, { userId, ...options });
}

export type ActivityGenerationRow = Awaited<ReturnType<typeof listInProgressGenerations>>[number];

const finishedGenerations = withCategoryFilter("activity_finished", (db, byCategory, name) => {
  const page = db
    .select({ ...activityColumns, userId: generations.userId })
    .from(generations)
    .where(and(visibleGenerations(["complete", "failed"], byCategory), hasImagesIfComplete))
    .orderBy(desc(generations.createdAt), desc(generations.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("page");
  // The page's cards only, each read once for its cover (the first shown image) and its count:
  // joined to the whole list before the limit, this would run for every generation of the user.
  const shownImages = db
    .select({
      coverImageId: sql<string | null>`(array_agg(${generationImages.id} order by ${generationImages.position}))[1]`.as("cover_image_id"),
      imageCount: sql<number>`count(*)::int`.as("image_count"),
    })
    .from(generationImages)
    .where(and(eq(generationImages.generationId, page.id), eq(generationImages.userId, page.userId), isNull(generationImages.deletedAt)))
    .as("shown");
  return db
    .select()
    .from(page)
    .leftJoinLateral(shownImages, sql`true`)
    .orderBy(desc(page.createdAt), desc(page.id))
    .prepare(name);
});

/**
 * One page of finished (complete or failed) generations, newest first, each with its cover image
 * and count of shown images. A complete one whose images were all deleted has nothing left to
 * show and leaves the list (issue 19).
 */
export async function listFinishedGenerations(
  db: DbOrTx,
  userId: string,
  options: { category?: string; limit: number; offset: number },
) {
  const rows = await finishedGenerations(db, { userId, ...options });
  return rows.map(({ page, shown }) => ({ ...page, coverImageId: shown?.coverImageId ?? null, imageCount: shown?.imageCount ?? 0 }));
}

export type FinishedGenerationRow = Awaited<ReturnType<typeof listFinishedGenerations>>[number];

const activityFingerprint = preparedPerDatabase((db) =>
  db
    .select({
      count: sql<number>`count(*)::int`,
      latestUpdate: sql<string | null>`max(${generations.updatedAt})::text`,
      progress: sql<number>`coalesce(sum(${generations.progress}), 0)::int`,
      finished: sql<number>`count(*) filter (where ${generations.status} in ('complete', 'failed'))::int`,
      secondPayments: sql<number>`(select count(*)::int from duplicate_payments d where d.user_id = ${sql.placeholder("userId")})`,
    })
    .from(generations)
    .where(and(eq(generations.userId, sql.placeholder("userId")), isNotNull(generations.runAfter)))
    .prepare("activity_fingerprint"),
);

/**
 * A fingerprint of the user's visible generations: it changes when one is added, changes
 * status or makes progress (or an order's second payment is refunded), so an open /activity
 * page knows when to fetch itself again.
 * /activity and its open tabs' polling read it often, so it is built once (db/prepared.ts).
 */
export async function readActivityFingerprint(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await activityFingerprint(db).execute({ userId });
  return row ? `${row.count}:${row.finished}:${row.progress}:${row.latestUpdate ?? ""}:${row.secondPayments}` : "0";
}
