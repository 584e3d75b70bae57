import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { countExamples, insertMissingExamples, listActiveExamples } from "@/db/queries/examples";
import { examples } from "@/db/schema";
import { prepareDatabase, seedExamples } from "@/lib/db-startup";
import { exampleSeed } from "@/lib/example-seed";
import { createTestDatabase, describeEachDatabase, testDatabaseKinds, truncateAllTables } from "@/tests/helpers/test-db";

const root = path.resolve(import.meta.dirname, "../../..");
const toolLabels = ["Headshot Pro", "AI Product", "Hair Changer", "Body Shaper"];

function seededUrl(index: number): string {
  const example = exampleSeed[index];
  if (!example) throw new Error(`no shipped example #${index}`);
  return example.imageUrl;
}

describe("shipped examples", () => {
  it("are 6 to 8 images that exist under public/, each in a tool category", () => {
    expect(exampleSeed.length).toBeGreaterThanOrEqual(6);
    expect(exampleSeed.length).toBeLessThanOrEqual(8);
    for (const example of exampleSeed) {
      expect(toolLabels).toContain(example.category);
      expect(example.imageUrl).toMatch(/^\/examples\/[a-z0-9-]+\.jpg$/);
      expect(existsSync(path.join(root, "public", example.imageUrl))).toBe(true);
    }
    expect(new Set(exampleSeed.map((example) => example.imageUrl)).size).toBe(exampleSeed.length);
  });
});

describeEachDatabase("examples", (ctx) => {
  beforeEach(async () => {
    await truncateAllTables(ctx.db);
  });

  it("are seeded once: a second seed adds nothing", async () => {
    expect(await seedExamples(ctx.db, { onlyIfEmpty: true })).toBe(exampleSeed.length);
    expect(await seedExamples(ctx.db, { onlyIfEmpty: true })).toBe(0);
    expect(await seedExamples(ctx.db, { onlyIfEmpty: false })).toBe(0);
    expect(await countExamples(ctx.db)).toBe(exampleSeed.length);
  });

  it("are not re-added at start once the gallery has rows, but the seed script restores missing ones", async () => {
    await seedExamples(ctx.db, { onlyIfEmpty: true });
    const removed = seededUrl(0);
    await ctx.db.delete(examples).where(eq(examples.imageUrl, removed));

    expect(await seedExamples(ctx.db, { onlyIfEmpty: true })).toBe(0);
    expect(await seedExamples(ctx.db, { onlyIfEmpty: false })).toBe(1);
  });

  it("keep edits to seeded rows when seeding again", async () => {
    await seedExamples(ctx.db, { onlyIfEmpty: true });
    const url = seededUrl(1);
    await ctx.db.update(examples).set({ title: "Edited", isActive: false }).where(eq(examples.imageUrl, url));
    await insertMissingExamples(ctx.db, exampleSeed);
    const [row] = await ctx.db.select().from(examples).where(eq(examples.imageUrl, url));
    expect(row).toMatchObject({ title: "Edited", isActive: false });
  });

  it("are listed active only, by sort order", async () => {
    await insertMissingExamples(ctx.db, [
      { title: "Third", category: "AI Product", imageUrl: "/examples/c.jpg", sortOrder: 30 },
      { title: "First", category: "Headshot Pro", imageUrl: "/examples/a.jpg", sortOrder: 10 },
      { title: "Hidden", category: "Body Shaper", imageUrl: "/examples/h.jpg", sortOrder: 5, isActive: false },
      { title: "Second", category: "Hair Changer", imageUrl: "/examples/b.jpg", sortOrder: 20 },
    ]);
    const listed = await listActiveExamples(ctx.db);
    expect(listed.map((example) => example.title)).toEqual(["First", "Second", "Third"]);
    expect(listed[0]).toEqual({
      id: expect.any(Number),
      title: "First",
      category: "Headshot Pro",
      imageUrl: "/examples/a.jpg",
      sortOrder: 10,
    });
  });

  it("work inside a transaction", async () => {
    await ctx.db.transaction(async (tx) => {
      await seedExamples(tx, { onlyIfEmpty: true });
      expect(await listActiveExamples(tx)).toHaveLength(exampleSeed.length);
    });
  });
});

describe("startup", () => {
  for (const kind of testDatabaseKinds()) {
    it(`migrates and seeds a new ${kind} database, and is a no-op the second time`, async () => {
      const database = await createTestDatabase(kind, { migrate: false });
      try {
        expect(await prepareDatabase(database, { migrate: true, seed: true })).toEqual({
          migrated: true,
          seededExamples: exampleSeed.length,
        });
        expect(await prepareDatabase(database, { migrate: true, seed: true })).toEqual({
          migrated: true,
          seededExamples: 0,
        });
        expect(await listActiveExamples(database.db)).toHaveLength(exampleSeed.length);
      } finally {
        await database.dispose();
      }
    });
  }

  it("leaves the database alone when both switches are off", async () => {
    const database = await createTestDatabase("pglite", { migrate: false });
    try {
      expect(await prepareDatabase(database, { migrate: false, seed: false })).toEqual({
        migrated: false,
        seededExamples: 0,
      });
    } finally {
      await database.dispose();
    }
  });
});
