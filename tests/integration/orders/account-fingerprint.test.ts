import { beforeEach, expect, it } from "vitest";
import { findProfileWithFingerprint, readAccountFingerprint } from "@/db/queries/account-fingerprint";
import { startCheckout } from "@/lib/billing/checkout";
import { payTestCheckout } from "@/lib/billing/test-checkout";
import { causeKeys, spendCredits } from "@/lib/credits/ledger";
import { subscribe, testModeContext } from "@/tests/helpers/billing";
import { userWithCredits } from "@/tests/helpers/generation";
import { describeEachDatabase, truncateAllTables } from "@/tests/helpers/test-db";

/**
 * Issue 15 story 9: the fingerprint every open tab polls changes with each confirmed payment,
 * plan change and balance change, and only then, so tabs refresh when there is news.
 */
describeEachDatabase("account fingerprint", (ctx) => {
  let userId: string;
  const fingerprint = () => readAccountFingerprint(ctx.db, userId);

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    userId = await userWithCredits(ctx.db, 5);
  });

  it("changes when a plan is paid, a top-up is paid and credits are spent, and not otherwise", async () => {
    const billing = testModeContext(ctx.db);
    const user = { id: userId, email: "tabs@example.test" };
    const initial = await fingerprint();
    expect(await fingerprint()).toBe(initial);

    const plan = await startCheckout(billing, user, { kind: "subscription", planId: "pro", billingCycle: "monthly" }, { locale: "en" });
    const opened = await fingerprint();
    expect(opened).not.toBe(initial);
    await payTestCheckout(billing, userId, plan.purchaseId ?? "");
    const subscribed = await fingerprint();
    expect(subscribed).not.toBe(opened);

    const topUp = await startCheckout(billing, user, { kind: "top_up", credits: 30 }, { locale: "en" });
    const beforeTopUp = await fingerprint();
    await payTestCheckout(billing, userId, topUp.purchaseId ?? "");
    const toppedUp = await fingerprint();
    expect(toppedUp).not.toBe(beforeTopUp);

    await spendCredits(ctx.db, { userId, amount: 2, causeKey: causeKeys.generationSpend("00000000-0000-4000-8000-000000000001") });
    expect(await fingerprint()).not.toBe(toppedUp);
  });

  it("is the same read with the profile (what a page renders) as on its own (what open tabs poll)", async () => {
    await subscribe(ctx.db, userId, "starter");
    await startCheckout(testModeContext(ctx.db), { id: userId, email: "tabs@example.test" }, { kind: "top_up", credits: 30 }, { locale: "en" });
    const { profile, fingerprint: rendered } = await findProfileWithFingerprint(ctx.db, userId);
    expect(profile?.userId).toBe(userId);
    expect(rendered).toBe(await fingerprint());
    expect(await findProfileWithFingerprint(ctx.db, "00000000-0000-4000-8000-000000000099")).toEqual({ profile: undefined, fingerprint: "none" });
    expect(await readAccountFingerprint(ctx.db, "00000000-0000-4000-8000-000000000099")).toBe("none");
  });

  it("tells two users apart and changes with a plan change", async () => {
    const other = await userWithCredits(ctx.db, 5);
    expect(await readAccountFingerprint(ctx.db, other)).toBe(await fingerprint());
    await subscribe(ctx.db, userId, "starter");
    const starter = await fingerprint();
    expect(starter).not.toBe(await readAccountFingerprint(ctx.db, other));
    await subscribe(ctx.db, userId, "advanced");
    expect(await fingerprint()).not.toBe(starter);
  });
});
