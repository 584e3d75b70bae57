import { asc, count, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { examples, type NewExample } from "@/db/schema";

/** The home page gallery: active examples in their configured order. Examples are public, so no owner filter. */
export async function listActiveExamples(db: DbOrTx) {
  return db
    .select({
      id: examples.id,
      title: examples.title,
      category: examples.category,
      imageUrl: examples.imageUrl,
      sortOrder: examples.sortOrder,
    })
    .from(examples)
    .where(eq(examples.isActive, true))
    .orderBy(asc(examples.sortOrder), asc(examples.id));
}

export type ExampleListItem = Awaited<ReturnType<typeof listActiveExamples>>[number];

export async function countExamples(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ value: count() }).from(examples);
  return row?.value ?? 0;
}

/**
 * Inserts the given examples, skipping any whose image_url is already present (so an edited or
 * deactivated row is left alone). Returns how many rows were new.
 */
export async function insertMissingExamples(db: DbOrTx, rows: readonly NewExample[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(examples)
    .values([...rows])
    .onConflictDoNothing({ target: examples.imageUrl })
    .returning({ id: examples.id });
  return inserted.length;
}
