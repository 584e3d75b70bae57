import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { generations, purchases } from "@/db/schema";
import { generationRow, tempStorage, testPhoto, userWithCredits } from "@/tests/helpers/generation";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import { requestContext as state } from "@/tests/helpers/request-context";

// The actions resolve the user, database, storage and language through one module each.
vi.mock("@/lib/auth/session", () => import("@/tests/helpers/request-context").then((m) => m.sessionModule));
vi.mock("@/db", () => import("@/tests/helpers/request-context").then((m) => m.dbModule));
vi.mock("@/lib/storage", () => import("@/tests/helpers/request-context").then((m) => m.storageModule));
vi.mock("@/lib/i18n/request", () => ({ resolveLocale: async () => "en" }));
vi.mock("next-intl/server", () => ({ getTranslations: async () => (key: string) => key }));

const { createCashPackCheckoutAction } = await import("@/lib/actions/create-cash-pack-checkout");
const { payTestCheckoutAction } = await import("@/lib/actions/pay-test-checkout");
const { cancelTestCheckoutAction } = await import("@/lib/actions/cancel-test-checkout");

/**
 * The one-time purchase of the headshot wizard (decision 7) through its server actions and the
 * built-in test checkout: the order waits for its payment, and only the payment starts it.
 */
describeEachDatabase("headshot cash pack checkout", (ctx) => {
  let dataUrl: string;
  const options = { gender: "female", ageRange: "26_35", styleIds: [1, 3, 8] };

  beforeAll(async () => {
    state.db = ctx.db;
    dataUrl = `data:image/jpeg;base64,${(await testPhoto()).toString("base64")}`;
  });

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    state.storage = tempStorage();
    state.user = { id: await userWithCredits(ctx.db, 5), email: "buyer@example.test" };
  });

  async function buy(packageType: "10_headshots" | "25_headshots" | "50_headshots" = "10_headshots") {
    const result = await createCashPackCheckoutAction({ packageType, options, image: dataUrl });
    if (!result.ok) throw new Error(`checkout refused: ${result.error}`);
    const purchaseId = /\/checkout\/test\/([0-9a-f-]{36})$/.exec(result.data.url)?.[1];
    if (!purchaseId) throw new Error(`not a test checkout: ${result.data.url}`);
    return { ...result.data, purchaseId };
  }

  it("stores the order waiting for payment, priced by the catalogue, and costs no credits", async () => {
    const { generationId, purchaseId } = await buy();
    expect(await generationRow(ctx.db, generationId)).toMatchObject({
      tool: "headshot_pro",
      status: "pending",
      runAfter: null,
      creditsCost: 0,
      numberShots: 10,
      input: { ...options, packageId: "10_headshots" },
    });
    const [purchase] = await ctx.db.select().from(purchases).where(eq(purchases.id, purchaseId));
    expect(purchase).toMatchObject({ kind: "cash_pack", amountMinor: 999, currency: "usd", generationId, status: "pending" });
  });

  it("starts the generation when paid and lands on /activity with it in focus", async () => {
    const { generationId, purchaseId } = await buy();
    const paid = await payTestCheckoutAction({ purchaseId });
    expect(paid).toEqual({ ok: true, data: { next: `/activity?session_id=test_${purchaseId}&focus=latest` } });
    expect((await generationRow(ctx.db, generationId))?.runAfter).not.toBeNull();
  });

  it("leaves the order waiting when the checkout is cancelled, and goes back to the packs", async () => {
    const { generationId, purchaseId } = await buy();
    expect(await cancelTestCheckoutAction({ purchaseId })).toEqual({ ok: true, data: { next: `/headshot-pro/packs?checkout=cancelled&order=${purchaseId}` } });
    expect((await generationRow(ctx.db, generationId))?.runAfter).toBeNull();
  });

  it("refuses an incomplete order or a bad photo and creates nothing", async () => {
    expect(await createCashPackCheckoutAction({ packageType: "25_headshots", options: { gender: "female" }, image: dataUrl })).toMatchObject({
      ok: false,
      error: "errors.missingHeadshotData",
    });
    expect(await createCashPackCheckoutAction({ packageType: "25_headshots", options, image: "data:text/plain;base64,aGk=" })).toMatchObject({
      ok: false,
      error: "errors.imageRejected",
    });
    expect(await ctx.db.select().from(generations)).toHaveLength(0);
    expect(await ctx.db.select().from(purchases)).toHaveLength(0);
  });

  it("refuses a signed-out visitor", async () => {
    state.user = null;
    expect(await createCashPackCheckoutAction({ packageType: "10_headshots", options, image: dataUrl })).toMatchObject({
      ok: false,
      error: "errors.unauthenticated",
    });
  });
});
