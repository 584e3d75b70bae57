import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { examples } from "@/db/schema";
import type { DbOrTx } from "@/db/client";
import { seedExamples } from "@/lib/db-startup";
import { exampleSeed, shippedExampleTitleKey } from "@/lib/example-seed";
import { describeEachDatabase } from "@/tests/helpers/test-db";
import en from "@/messages/en.json";

/**
 * Next.js's data cache only exists inside a Next.js server; this stand-in keeps what
 * unstable_cache stores per key, honours its tags, and lets a test expire a tag the way
 * revalidateTag does, so the read's caching and invalidation run against a real database.
 */
const cache = vi.hoisted(() => {
  const entries = new Map<string, { value: unknown; tags: string[] }>();
  const registered: { keyParts: string[]; options: { tags?: string[]; revalidate?: number | false } }[] = [];
  return {
    entries,
    registered,
    expireTag(tag: string) {
      for (const [key, entry] of entries) if (entry.tags.includes(tag)) entries.delete(key);
    },
  };
});

vi.mock("next/cache", () => ({
  unstable_cache: <T,>(read: () => Promise<T>, keyParts: string[], options: { tags?: string[]; revalidate?: number | false }) => {
    cache.registered.push({ keyParts, options });
    return async () => {
      const key = keyParts.join("/");
      const hit = cache.entries.get(key);
      if (hit) return hit.value as T;
      const value = await read();
      cache.entries.set(key, { value, tags: options.tags ?? [] });
      return value;
    };
  },
}));

const database = vi.hoisted(() => ({ current: undefined as DbOrTx | undefined, failing: false }));
vi.mock("@/db", () => ({
  getDb: () => {
    if (database.failing) throw new Error("database unavailable");
    return database.current;
  },
}));

const { examplesCacheTag, examplesMaxAgeSeconds, getActiveExamples } = await import("@/lib/examples/active-examples");

describe("the cached examples read", () => {
  it("is tagged and expires on its own, for writers outside a request", () => {
    expect(cache.registered).toEqual([{ keyParts: ["active-examples"], options: { tags: [examplesCacheTag], revalidate: examplesMaxAgeSeconds } }]);
    expect(examplesMaxAgeSeconds).toBeGreaterThan(0);
    expect(examplesMaxAgeSeconds).toBeLessThanOrEqual(600);
  });
});

describeEachDatabase("the cached examples read", (ctx) => {
  beforeEach(() => {
    cache.entries.clear();
    database.current = ctx.db;
    database.failing = false;
  });

  it("reads the database once and serves later pages from the cache until its tag expires", async () => {
    await ctx.db.delete(examples);
    await seedExamples(ctx.db, { onlyIfEmpty: true });
    const first = await getActiveExamples();
    expect(first.map((example) => example.imageUrl)).toEqual(exampleSeed.map((example) => example.imageUrl));

    const hidden = first[0];
    if (!hidden) throw new Error("no seeded example");
    await ctx.db.update(examples).set({ isActive: false }).where(eq(examples.id, hidden.id));
    expect(await getActiveExamples()).toEqual(first);

    cache.expireTag(examplesCacheTag);
    const fresh = await getActiveExamples();
    expect(fresh).toHaveLength(first.length - 1);
    expect(fresh.map((example) => example.id)).not.toContain(hidden.id);
  });

  it("shows an empty gallery when the database fails, and does not keep that answer", async () => {
    await seedExamples(ctx.db, { onlyIfEmpty: true });
    database.failing = true;
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await getActiveExamples()).toEqual([]);
    expect(logged).toHaveBeenCalledWith("Failed to load examples", expect.any(Error));
    logged.mockRestore();
    database.failing = false;
    expect((await getActiveExamples()).length).toBeGreaterThan(0);
  });
});

describe("shipped example titles", () => {
  it("each have a translation key whose English text is the stored title", () => {
    for (const example of exampleSeed) {
      const key = shippedExampleTitleKey(example.imageUrl);
      expect(key, example.imageUrl).toBeDefined();
      expect(en.home.examples.titles[key ?? "astronautPortrait"]).toBe(example.title);
    }
    expect(shippedExampleTitleKey("/examples/added-by-an-operator.jpg")).toBeUndefined();
  });
});
