import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditLedger, examples, generationImages, generations, profiles, users } from "@/db/schema";
import { createTestDatabase, describeEachDatabase, queryRows, testDatabaseKinds } from "@/tests/helpers/test-db";

const root = path.resolve(import.meta.dirname, "../../..");
const journal: { entries: { tag: string }[] } = JSON.parse(
  readFileSync(path.join(root, "drizzle/meta/_journal.json"), "utf8"),
);

const expectedTables = [
  "accounts",
  "auth_attempts",
  "auth_tokens",
  "credit_ledger",
  "duplicate_payments",
  "engine_predictions",
  "examples",
  "free_trial_claims",
  "generation_images",
  "generations",
  "likeness_checks",
  "order_refunds",
  "profiles",
  "purchases",
  "sessions",
  "stripe_events",
  "users",
  "verification_tokens",
];

/** Resolves to the PostgreSQL error code of a failing query (drizzle wraps driver errors in `cause`). */
async function errorCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    for (let current: unknown = error; current instanceof Error; current = current.cause) {
      if ("code" in current && typeof current.code === "string") return current.code;
    }
    throw error;
  }
  return undefined;
}

describeEachDatabase("migrations", (ctx) => {
  async function createUser(email: string) {
    const [user] = await ctx.db.insert(users).values({ email }).returning();
    if (!user) throw new Error("insert returned no row");
    return user;
  }

  it("create every table of the schema", async () => {
    const rows = await queryRows(
      ctx.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual(expectedTables);
  });

  it("record each migration of the journal once, and a second run changes nothing", async () => {
    await ctx.database.migrate();
    const rows = await queryRows(ctx.db, sql`select hash from drizzle.__drizzle_migrations`);
    expect(rows).toHaveLength(journal.entries.length);
  });

  it("fill ids and defaults in the database", async () => {
    const user = await createUser("defaults@example.com");
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.createdAt).toBeInstanceOf(Date);

    const [profile] = await ctx.db.insert(profiles).values({ userId: user.id }).returning();
    expect(profile).toMatchObject({ subscriptionStatus: "inactive", monthlyCredits: 0, bonusCredits: 0, creditsUsed: 0 });

    const [generation] = await ctx.db
      .insert(generations)
      .values({ userId: user.id, tool: "hair_changer" })
      .returning();
    expect(generation).toMatchObject({ status: "pending", progress: 0, category: "AI Tools", input: {} });
    expect(generation?.runAfter).toBeInstanceOf(Date);
  });

  it("keep email addresses unique regardless of case", async () => {
    await ctx.db.insert(users).values({ email: "case@example.com" });
    expect(await errorCode(ctx.db.insert(users).values({ email: "Case@Example.com" }))).toBe("23505");
  });

  it("refuse negative credit fields, but keep a month's usage above a smaller plan's allowance", async () => {
    const user = await createUser("credits@example.com");
    await ctx.db.insert(profiles).values({ userId: user.id, monthlyCredits: 25, bonusCredits: 5 });
    const where = eq(profiles.userId, user.id);

    expect(await errorCode(ctx.db.update(profiles).set({ bonusCredits: -1 }).where(where))).toBe("23514");
    expect(await errorCode(ctx.db.update(profiles).set({ creditsUsed: -1 }).where(where))).toBe("23514");
    // Used 150 on Pro, then down to Starter: what was used stays (issue 15 story 1).
    expect(await errorCode(ctx.db.update(profiles).set({ creditsUsed: 150 }).where(where))).toBeUndefined();
  });

  it("apply a credit cause only once", async () => {
    const user = await createUser("ledger@example.com");
    const entry = {
      userId: user.id,
      kind: "grant" as const,
      delta: 5,
      bonusDelta: 5,
      balanceAfter: 5,
      causeKey: `signup:${user.id}`,
    };
    await ctx.db.insert(creditLedger).values(entry);
    expect(await errorCode(ctx.db.insert(creditLedger).values(entry))).toBe("23505");
    // delta must equal the bonus and monthly parts.
    expect(
      await errorCode(ctx.db.insert(creditLedger).values({ ...entry, causeKey: "other", bonusDelta: 4 })),
    ).toBe("23514");
  });

  it("resolve the relations used by db.query", async () => {
    const user = await createUser("relations@example.com");
    await ctx.db.insert(profiles).values({ userId: user.id });
    const [source] = await ctx.db.insert(generations).values({ userId: user.id, tool: "ai_product" }).returning();
    if (!source) throw new Error("insert returned no row");
    const [image] = await ctx.db
      .insert(generationImages)
      .values({
        generationId: source.id,
        userId: user.id,
        storageKey: `${source.id}/0.jpg`,
        contentType: "image/jpeg",
        byteSize: 1,
      })
      .returning();
    if (!image) throw new Error("insert returned no row");
    const [edit] = await ctx.db
      .insert(generations)
      .values({ userId: user.id, tool: "edit", parentImageId: image.id })
      .returning();
    if (!edit) throw new Error("insert returned no row");
    await ctx.db.insert(generationImages).values({
      generationId: edit.id,
      userId: user.id,
      storageKey: `${edit.id}/0.jpg`,
      contentType: "image/jpeg",
      byteSize: 1,
      sourceImageId: image.id,
    });

    const loaded = await ctx.db.query.users.findFirst({
      where: eq(users.id, user.id),
      with: { profile: true, generations: { with: { images: true, parentImage: true } } },
    });
    expect(loaded?.profile?.userId).toBe(user.id);
    expect(loaded?.generations).toHaveLength(2);
    const loadedImage = await ctx.db.query.generationImages.findFirst({
      where: eq(generationImages.id, image.id),
      with: { generation: true, derivedImages: true, edits: true },
    });
    expect(loadedImage?.generation.id).toBe(source.id);
    expect(loadedImage?.derivedImages.map((derived) => derived.generationId)).toEqual([edit.id]);
    expect(loadedImage?.edits.map((generation) => generation.id)).toEqual([edit.id]);
  });

  it("delete a user's data with the user", async () => {
    const user = await createUser("cascade@example.com");
    await ctx.db.insert(profiles).values({ userId: user.id });
    await ctx.db.insert(generations).values({ userId: user.id, tool: "body_shaper" });
    await ctx.db.delete(users).where(eq(users.id, user.id));
    expect(await ctx.db.select().from(generations).where(eq(generations.userId, user.id))).toEqual([]);
    expect(await ctx.db.select().from(profiles).where(eq(profiles.userId, user.id))).toEqual([]);
  });
});

describe.runIf(testDatabaseKinds().includes("postgres"))("migrations on PostgreSQL", () => {
  it("run safely when several servers start at once", async () => {
    const database = await createTestDatabase("postgres", { migrate: false });
    try {
      await Promise.all([database.migrate(), database.migrate(), database.migrate()]);
      const rows = await queryRows(database.db, sql`select hash from drizzle.__drizzle_migrations`);
      expect(rows).toHaveLength(journal.entries.length);
      expect(await database.db.select().from(examples)).toEqual([]);
    } finally {
      await database.dispose();
    }
  });
});

describe("generated migrations", () => {
  it("match the schema (run `npm run db:generate` after changing db/schema)", () => {
    const workDir = mkdtempSync(path.join(os.tmpdir(), "drizzle-drift-"));
    try {
      cpSync(path.join(root, "drizzle"), path.join(workDir, "drizzle"), { recursive: true });
      // drizzle-kit wants `out` relative to its working directory and exits 0 even on errors,
      // so the test checks both the files and what it printed.
      writeFileSync(
        path.join(workDir, "drizzle.config.ts"),
        `export default ${JSON.stringify({
          dialect: "postgresql",
          schema: path.join(root, "db/schema/index.ts"),
          out: "./drizzle",
        })};\n`,
      );
      const before = readdirSync(path.join(workDir, "drizzle")).sort();
      const output = execFileSync(
        path.join(root, "node_modules/.bin/drizzle-kit"),
        ["generate", "--config=drizzle.config.ts"],
        { cwd: workDir, encoding: "utf8", stdio: "pipe" },
      );
      expect(output).toContain("No schema changes");
      expect(readdirSync(path.join(workDir, "drizzle")).sort()).toEqual(before);
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  });
});
