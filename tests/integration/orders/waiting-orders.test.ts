import { beforeEach, expect, it } from "vitest";
import { generations, purchases } from "@/db/schema";
import { startCashPackOrder } from "@/lib/orders/cash-pack-order";
import { maxWaitingOrdersPerUser } from "@/lib/orders/waiting-orders";
import type { LocalDiskStorage } from "@/lib/storage/local-disk-storage";
import { tempStorage, testPhoto } from "@/tests/helpers/generation";
import { stripeSuite } from "@/tests/helpers/stripe-suite";
import { describeEachDatabase } from "@/tests/helpers/test-db";

/**
 * Issue 17 item 9: a user who opens cash-pack checkouts and never pays cannot fill the storage
 * with photos and the payment provider with open sessions. At most a few orders wait per user;
 * opening the same order again pays for the one that waits.
 */
describeEachDatabase("orders waiting for their payment", (ctx) => {
  const suite = stripeSuite(ctx);
  let storage: LocalDiskStorage;
  const options = { gender: "female", ageRange: "26_35", styleIds: [1, 3] };

  beforeEach(() => {
    storage = tempStorage();
  });

  const order = (photo: Buffer, packageType: "10_headshots" | "25_headshots" = "10_headshots") =>
    startCashPackOrder(suite.billing, suite.user, { packageType, options, photo, locale: "en" }, { storage });

  async function storedPhotos() {
    const keys: string[] = [];
    for await (const object of storage.list(`${suite.user.id}/`)) keys.push(object.key);
    return keys.sort();
  }

  it("keeps at most a few unpaid orders: ten checkouts in a row leave the newest ones", async () => {
    const orders = [];
    for (let index = 0; index < 10; index += 1) {
      orders.push(await order(await testPhoto(120, 160, `#${(0x203040 + index * 0x081008).toString(16)}`)));
    }

    const waiting = await ctx.db.select({ id: generations.id, key: generations.originalImageKey }).from(generations);
    const newest = orders.slice(-maxWaitingOrdersPerUser).map((o) => o.generationId);
    expect(waiting.map((row) => row.id).sort()).toEqual([...newest].sort());
    expect(await storedPhotos()).toEqual(waiting.map((row) => row.key).sort());

    const rows = await ctx.db.select().from(purchases);
    expect(rows.filter((row) => row.status === "pending")).toHaveLength(maxWaitingOrdersPerUser);
    const closed = rows.filter((row) => row.status === "cancelled");
    expect(closed).toHaveLength(10 - maxWaitingOrdersPerUser);
    // Their Stripe sessions can no longer be paid.
    for (const row of closed) {
      expect(suite.fake.requestsTo("POST", `/v1/checkout/sessions/${row.stripeCheckoutSessionId}/expire`)).toHaveLength(1);
    }
  });

  it("pays for the order that waits when the same order is opened again", async () => {
    const photo = await testPhoto(120, 160, "#7a5c3e");
    const first = await order(photo);
    const again = await order(photo);

    expect(again.generationId).toBe(first.generationId);
    expect(await ctx.db.select({ id: generations.id }).from(generations)).toEqual([{ id: first.generationId }]);
    expect(await storedPhotos()).toHaveLength(1);
  });

  it("takes another photo or another pack as a new order", async () => {
    const photo = await testPhoto(120, 160, "#7a5c3e");
    const first = await order(photo);
    const otherPack = await order(photo, "25_headshots");
    const otherPhoto = await order(await testPhoto(120, 160, "#3e5c7a"));

    expect(new Set([first.generationId, otherPack.generationId, otherPhoto.generationId]).size).toBe(3);
    expect(await storedPhotos()).toHaveLength(3);
  });
});
