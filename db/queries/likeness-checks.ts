import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { generations, likenessChecks, type NewLikenessCheck } from "@/db/schema";

/** The likeness guard's checks of a job's images (db/schema/likeness-checks.ts). */

/** Written with the job's outcome; a check already recorded for that position and attempt is kept. */
export async function insertLikenessChecks(tx: DbOrTx, checks: readonly NewLikenessCheck[]): Promise<void> {
  if (checks.length === 0) return;
  await tx.insert(likenessChecks).values([...checks]).onConflictDoNothing();
}

export interface LikenessSummary {
  /** Images that failed their first check and were made again. */
  remade: number;
  /** Of those, the ones whose second image failed too: not delivered (and refunded). */
  notDelivered: number;
}

/** What the guard did for the user's generation, for its results page. */
export async function findLikenessSummary(db: DbOrTx, userId: string, generationId: string): Promise<LikenessSummary> {
  const [row] = await db
    .select({
      remade: sql<number>`count(*) filter (where ${likenessChecks.attempt} = 1 and not ${likenessChecks.delivered})`.mapWith(Number),
      delivered: sql<number>`count(*) filter (where ${likenessChecks.attempt} = 2 and ${likenessChecks.delivered})`.mapWith(Number),
    })
    .from(likenessChecks)
    .innerJoin(generations, eq(generations.id, likenessChecks.generationId))
    .where(and(eq(likenessChecks.generationId, generationId), eq(generations.userId, userId)));
  const remade = row?.remade ?? 0;
  return { remade, notDelivered: remade - (row?.delivered ?? 0) };
}

/** Per UTC day, tool and engine: images checked, made again, not delivered, and the delivered images' scores. Across owners: the operator's report. */
export async function likenessChecksByDay(db: DbOrTx, since: Date) {
  const day = sql<string>`to_char(${likenessChecks.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const first = sql`${likenessChecks.attempt} = 1`;
  const delivered = sql`${likenessChecks.delivered}`;
  const orNull = (value: unknown) => (value === null ? null : Number(value));
  return db
    .select({
      day,
      tool: generations.tool,
      engine: generations.engine,
      checked: sql<number>`count(*) filter (where ${first})`.mapWith(Number),
      unchecked: sql<number>`count(*) filter (where ${first} and ${likenessChecks.verdict} = 'unchecked')`.mapWith(Number),
      remade: sql<number>`count(*) filter (where ${first} and not ${likenessChecks.delivered})`.mapWith(Number),
      notDelivered: sql<number>`count(*) filter (where ${first} and not ${likenessChecks.delivered}) - count(*) filter (where ${likenessChecks.attempt} = 2 and ${likenessChecks.delivered})`.mapWith(Number),
      noFace: sql<number>`count(*) filter (where ${likenessChecks.verdict} = 'noFace')`.mapWith(Number),
      severalFaces: sql<number>`count(*) filter (where ${likenessChecks.verdict} = 'severalFaces')`.mapWith(Number),
      notSamePerson: sql<number>`count(*) filter (where ${likenessChecks.verdict} = 'notSamePerson')`.mapWith(Number),
      lowestDeliveredScore: sql<number | null>`min(${likenessChecks.score}) filter (where ${delivered})`.mapWith(orNull),
      medianDeliveredScore: sql<number | null>`percentile_cont(0.5) within group (order by ${likenessChecks.score}) filter (where ${delivered})`.mapWith(orNull),
    })
    .from(likenessChecks)
    .innerJoin(generations, eq(generations.id, likenessChecks.generationId))
    .where(gte(likenessChecks.createdAt, since))
    .groupBy(day, generations.tool, generations.engine)
    .orderBy(desc(day), generations.tool, generations.engine);
}
