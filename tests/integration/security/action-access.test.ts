import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import type { Database } from "@/db/client";
import { creditLedger, generationImages, generations, profiles, purchases, users } from "@/db/schema";
import { startCheckout } from "@/lib/billing/checkout";
import type { ObjectStorage } from "@/lib/storage/types";
import { testModeContext } from "@/tests/helpers/billing";
import { tempStorage, userWithCredits } from "@/tests/helpers/generation";
import { createGeneration, createImage } from "@/tests/helpers/image-records";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import { actionMatrix, type Victim } from "./access-matrix";
import { actionsOnDisk } from "./app-surface";
import { requestContext as state } from "@/tests/helpers/request-context";

/**
 * The server-action half of the access matrix: every userAction, called by a visitor and by a
 * second user with the victim's ids, changes nothing of the victim's and answers nothing of it.
 * The actions resolve the session, database, storage, language and sign-out through one module
 * each; the test provides them.
 */
vi.mock("@/lib/auth/session", () => import("@/tests/helpers/request-context").then((m) => m.sessionModule));
vi.mock("@/lib/auth/auth", () => ({ signOut: async () => undefined, signIn: async () => undefined }));
vi.mock("@/lib/i18n/request", () => ({ resolveLocale: async () => "en" }));
vi.mock("next-intl/server", () => ({ getTranslations: async () => (key: string) => key }));
vi.mock("@/db", () => import("@/tests/helpers/request-context").then((m) => m.dbModule));
vi.mock("@/lib/storage", () => import("@/tests/helpers/request-context").then((m) => m.storageModule));

type VictimFixture = Victim & { id: string; storageKey: string };

async function createVictim(db: Database, storage: ObjectStorage): Promise<VictimFixture> {
  const id = await userWithCredits(db, 7);
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new Error("no victim");
  const prompt = `victim-prompt-${randomUUID()}`;
  const generation = await createGeneration(db, id, { tool: "ai_product", category: "AI Product" });
  await db.update(generations).set({ input: { prompt, dimension: "auto" } }).where(eq(generations.id, generation.id));
  const image = await createImage(db, generation, { position: 0, storage });
  const { purchaseId } = await startCheckout(
    testModeContext(db),
    { id, email: user.email },
    { kind: "subscription", planId: "pro", billingCycle: "monthly" },
    { locale: "en" },
  );
  if (!purchaseId) throw new Error("no purchase");
  return { id, email: user.email, generationId: generation.id, imageId: image.id, purchaseId, prompt, storageKey: image.storageKey };
}

/** Everything of the victim's an action could change, including whether the image file is still there. */
async function snapshot(db: Database, storage: ObjectStorage, victim: VictimFixture) {
  const stored = await storage.get(victim.storageKey);
  stored?.body.destroy();
  return {
    user: await db.select().from(users).where(eq(users.id, victim.id)),
    profile: await db.select().from(profiles).where(eq(profiles.userId, victim.id)),
    generations: await db.select().from(generations).where(eq(generations.userId, victim.id)).orderBy(asc(generations.id)),
    images: await db.select().from(generationImages).where(eq(generationImages.userId, victim.id)).orderBy(asc(generationImages.id)),
    purchases: await db.select().from(purchases).where(eq(purchases.userId, victim.id)).orderBy(asc(purchases.id)),
    ledger: await db.select().from(creditLedger).where(eq(creditLedger.userId, victim.id)).orderBy(asc(creditLedger.id)),
    imageFileStored: stored !== null,
  };
}

function expectNoLeak(answer: unknown, victim: VictimFixture, context: string): void {
  const text = JSON.stringify(answer) ?? "";
  for (const value of [victim.id, victim.email, victim.generationId, victim.imageId, victim.purchaseId, victim.prompt, victim.storageKey]) {
    expect(text, `${context} answers ${value}`).not.toContain(value);
  }
}

const userActions = Object.entries(actionMatrix).flatMap(([name, entry]) => (entry.access === "user" ? [{ name, entry }] : []));

async function loadAction(name: string): Promise<(input: Record<string, unknown>) => Promise<unknown>> {
  const file = actionsOnDisk().find((action) => action.name === name)?.file;
  if (!file) throw new Error(`${name} is not in lib/actions`);
  const actionModule: Record<string, unknown> = await import(file);
  const action = actionModule[name];
  if (typeof action !== "function") throw new Error(`${name} is not a function`);
  return async (input) => action(input);
}

describeEachDatabase("server actions against another user's data", (ctx) => {
  let victim: VictimFixture;
  let storage: ObjectStorage;

  beforeAll(() => {
    state.db = ctx.db;
  });

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    storage = tempStorage();
    state.storage = storage;
    victim = await createVictim(ctx.db, storage);
  });

  it("covers every userAction on disk", () => {
    const onDisk = actionsOnDisk().filter((action) => action.wrapper === "userAction").map((action) => action.name);
    expect(userActions.map(({ name }) => name).sort()).toEqual(onDisk.sort());
  });

  it.each(userActions)("$name: a visitor is refused and changes nothing", async ({ name, entry }) => {
    const action = await loadAction(name);
    const before = await snapshot(ctx.db, storage, victim);
    state.user = null;
    const answer = await action(entry.strangerInput(victim));
    expect(answer).toEqual({ ok: false, error: "errors.unauthenticated" });
    expect(await snapshot(ctx.db, storage, victim)).toEqual(before);
  });

  it.each(userActions)("$name: a second user gets nothing of the victim's and changes nothing of it", async ({ name, entry }) => {
    const action = await loadAction(name);
    const strangerId = await userWithCredits(ctx.db, 50);
    const [stranger] = await ctx.db.select().from(users).where(eq(users.id, strangerId));
    if (!stranger) throw new Error("no stranger");
    const before = await snapshot(ctx.db, storage, victim);
    state.user = { id: stranger.id, email: stranger.email };
    const answer = await action(entry.strangerInput(victim));
    if (entry.target === "victim") expect(answer, name).toMatchObject({ ok: false });
    expectNoLeak(answer, victim, name);
    expect(await snapshot(ctx.db, storage, victim)).toEqual(before);
  });
});
