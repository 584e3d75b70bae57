import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { profiles } from "@/db/schema";
import { eq } from "drizzle-orm";
import { deleteAccount } from "@/lib/privacy/delete-account";
import { deleteAllPhotos } from "@/lib/privacy/delete-photos";
import type { ObjectStorage } from "@/lib/storage/types";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";
import { createUserWithData, rowCountsOf, storageBackends, storedKeysOf } from "./privacy-fixtures";

describeEachDatabase("deleting a user's photos and account", (ctx) => {
  for (const backend of storageBackends) {
    describe(backend.name, () => {
      let storage: ObjectStorage;
      let stop: () => Promise<void>;

      beforeAll(async () => {
        ({ storage, stop } = await backend.start());
      });
      afterAll(async () => stop());
      beforeEach(async () => truncateAllTables(ctx.db));

      it("deletes every photo row and file of the user, keeps credits, and nothing of another user", async () => {
        const user = await createUserWithData(ctx.db, storage);
        const other = await createUserWithData(ctx.db, storage);
        const [profileBefore] = await ctx.db.select().from(profiles).where(eq(profiles.userId, user.id));
        const otherRowsBefore = await rowCountsOf(ctx.db, other.id);

        const result = await deleteAllPhotos(ctx.db, storage, user.id);

        expect(result).toEqual({ generations: 2, files: 4, closedCheckouts: [], refundsOwed: 0 });
        expect(await storedKeysOf(storage, user.id)).toEqual([]);
        expect(await rowCountsOf(ctx.db, user.id)).toMatchObject({ users: 1, profiles: 1, generations: 0, images: 0, ledger: 1, purchases: 1 });
        const [profileAfter] = await ctx.db.select().from(profiles).where(eq(profiles.userId, user.id));
        expect(profileAfter?.bonusCredits).toBe(profileBefore?.bonusCredits);

        expect(await storedKeysOf(storage, other.id)).toEqual([...other.keys].sort());
        expect(await rowCountsOf(ctx.db, other.id)).toEqual(otherRowsBefore);
      });

      it("deletes the account: every row and file of the user, and nothing of another user", async () => {
        const user = await createUserWithData(ctx.db, storage);
        const other = await createUserWithData(ctx.db, storage);
        const otherRowsBefore = await rowCountsOf(ctx.db, other.id);

        expect(await deleteAccount({ db: ctx.db, storage }, user.id)).toEqual({ deleted: true });

        expect(await storedKeysOf(storage, user.id)).toEqual([]);
        const rows = await rowCountsOf(ctx.db, user.id);
        expect(Object.values(rows).every((count) => count === 0)).toBe(true);
        expect(await storedKeysOf(storage, other.id)).toEqual([...other.keys].sort());
        expect(await rowCountsOf(ctx.db, other.id)).toEqual(otherRowsBefore);
      });
    });
  }

  describe("a live Stripe subscription", () => {
    let storage: ObjectStorage;
    let stop: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, stop } = await storageBackends[0]!.start());
    });
    afterAll(async () => stop());
    beforeEach(async () => truncateAllTables(ctx.db));

    async function subscribedUser() {
      const user = await createUserWithData(ctx.db, storage);
      await ctx.db
        .update(profiles)
        .set({ stripeCustomerId: `cus_${user.id}`, stripeSubscriptionId: `sub_${user.id}`, subscriptionStatus: "active" })
        .where(eq(profiles.userId, user.id));
      return user;
    }

    it("is cancelled before the account is deleted", async () => {
      const user = await subscribedUser();
      const cancelSubscription = vi.fn(async () => {});
      await deleteAccount({ db: ctx.db, storage, cancelSubscription }, user.id);
      expect(cancelSubscription).toHaveBeenCalledWith(`sub_${user.id}`);
      expect((await rowCountsOf(ctx.db, user.id)).users).toBe(0);
    });

    it("keeps the account when cancelling fails, so the user can try again", async () => {
      const user = await subscribedUser();
      const cancelSubscription = vi.fn(async () => {
        throw new Error("Stripe is down");
      });
      await expect(deleteAccount({ db: ctx.db, storage, cancelSubscription }, user.id)).rejects.toThrow("Stripe is down");
      expect(await rowCountsOf(ctx.db, user.id)).toMatchObject({ users: 1, generations: 2 });
      expect(await storedKeysOf(storage, user.id)).toHaveLength(4);
    });
  });
});
