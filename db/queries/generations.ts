import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { preparedPerDatabase } from "@/db/prepared";
import { creditLedger, generationImages, generations, type NewGeneration } from "@/db/schema";
import { causeKeys } from "./ledger-keys";

/** Generations as their owner sees them; every read is scoped by the owner's id. */

export async function insertGeneration(db: DbOrTx, values: NewGeneration) {
  const [row] = await db.insert(generations).values(values).returning();
  if (!row) throw new Error("Generation was not created");
  return row;
}

/** Loading pages poll the status route, which reads it first, so it is built once (db/prepared.ts). */
const ownedGeneration = preparedPerDatabase((db) =>
  db
    .select()
    .from(generations)
    .where(and(eq(generations.id, sql.placeholder("generationId")), eq(generations.userId, sql.placeholder("userId"))))
    .limit(1)
    .prepare("owned_generation"),
);

export async function findOwnedGenerationRow(db: DbOrTx, userId: string, generationId: string) {
  const [row] = await ownedGeneration(db).execute({ userId, generationId });
  return row;
}

/**
 * A cash-pack generation waiting for its payment (run_after null) becomes runnable. True only
 * for the call that released it, so a replayed payment event changes nothing.
 */
export async function releaseWaitingGeneration(db: DbOrTx, generationId: string, userId?: string) {
  const updated = await db
    .update(generations)
    .set({ runAfter: sql`now()` })
    .where(
      and(
        eq(generations.id, generationId),
        userId === undefined ? undefined : eq(generations.userId, userId),
        eq(generations.status, "pending"),
        isNull(generations.runAfter),
      ),
    )
    .returning({ id: generations.id });
  return updated.length > 0;
}

export interface GalleryImageRow {
  id: string;
  generationId: string;
  position: number;
  sourceImageId: string | null;
  contentType: string;
  width: number | null;
  height: number | null;
  /** 0 for the generation's own images, 1 for edits of them, 2 for edits of edits... */
  depth: number;
  createdAt: Date;
}

const galleryColumns = {
  id: generationImages.id,
  generationId: generationImages.generationId,
  position: generationImages.position,
  sourceImageId: generationImages.sourceImageId,
  contentType: generationImages.contentType,
  width: generationImages.width,
  height: generationImages.height,
  createdAt: generationImages.createdAt,
  deletedAt: generationImages.deletedAt,
};

/** Edits deeper than this are not listed; a remix chain that long is not a gallery any more. */
const maxEditDepth = 20;

type GalleryQueryRow = Omit<GalleryImageRow, "depth"> & { deletedAt: Date | null };

/** The rows of one level that are still shown, without their deletion mark. */
function visibleAtDepth(rows: GalleryQueryRow[], depth: number): GalleryImageRow[] {
  return rows
    .filter((row) => row.deletedAt === null)
    .map((row) => ({
      id: row.id,
      generationId: row.generationId,
      position: row.position,
      sourceImageId: row.sourceImageId,
      contentType: row.contentType,
      width: row.width,
      height: row.height,
      depth,
      createdAt: row.createdAt,
    }));
}

/**
 * The images of one generation followed by every edit and remix made from them (edits of
 * edits too, through generations.parent_image_id), level by level in creation order. Deleted
 * images are left out, but the chain is followed through them, so a remix stays listed after
 * the image it came from was deleted. Edits that have not finished have no images yet.
 */
export async function listGenerationImagesWithEdits(
  db: DbOrTx,
  userId: string,
  generationId: string,
): Promise<GalleryImageRow[]> {
  const own = await db
    .select(galleryColumns)
    .from(generationImages)
    .innerJoin(generations, eq(generations.id, generationImages.generationId))
    .where(and(eq(generationImages.generationId, generationId), eq(generations.userId, userId)))
    .orderBy(asc(generationImages.position));
  const all = visibleAtDepth(own, 0);
  let level = own.map((row) => row.id);
  for (let depth = 1; level.length > 0 && depth <= maxEditDepth; depth += 1) {
    const edits = await db
      .select(galleryColumns)
      .from(generationImages)
      .innerJoin(generations, eq(generations.id, generationImages.generationId))
      .where(
        and(
          inArray(generations.parentImageId, level),
          eq(generations.tool, "edit"),
          eq(generations.userId, userId),
        ),
      )
      .orderBy(asc(generationImages.createdAt), asc(generationImages.position));
    all.push(...visibleAtDepth(edits, depth));
    level = edits.map((row) => row.id);
  }
  return all;
}

const generationImageIds = preparedPerDatabase((db) =>
  db
    .select({
      id: generationImages.id,
      position: generationImages.position,
      contentType: generationImages.contentType,
      width: generationImages.width,
      height: generationImages.height,
    })
    .from(generationImages)
    .where(
      and(
        eq(generationImages.generationId, sql.placeholder("generationId")),
        eq(generationImages.userId, sql.placeholder("userId")),
        isNull(generationImages.deletedAt),
      ),
    )
    .orderBy(asc(generationImages.position))
    .prepare("generation_image_ids"),
);

/** The images of the generation in their order (the status route lists these, built once). */
export async function listGenerationImageIds(db: DbOrTx, userId: string, generationId: string) {
  return generationImageIds(db).execute({ userId, generationId });
}

/**
 * The statuses and /activity read it on every request: built once (db/prepared.ts), the ids as
 * one array parameter, so any number of them shares the statement.
 */
const creditRefundsOfGenerations = preparedPerDatabase((db) =>
  db
    .select({ generationId: creditLedger.generationId, credits: creditLedger.delta })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, sql.placeholder("userId")), sql`${creditLedger.causeKey} = any(${sql.placeholder("causeKeys")})`))
    .prepare("credit_refunds_of_generations"),
);

/** The credits that came back to the owner for each of these generations (failed or short). */
export async function listCreditRefundsOfGenerations(db: DbOrTx, userId: string, generationIds: readonly string[]) {
  if (generationIds.length === 0) return [];
  return creditRefundsOfGenerations(db).execute({ userId, causeKeys: generationIds.map((id) => causeKeys.generationRefund(id)) });
}
