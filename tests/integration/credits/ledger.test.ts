import { beforeEach, expect, it } from "vitest";
import { findProfile, listLedgerEntries, readAvailableCredits } from "@/db/queries/credits";
import { InsufficientCreditsError } from "@/lib/credits/errors";
import { causeKeys, ensureProfile, grantCredits, refundSpend, spendCredits, welcomeCredits } from "@/lib/credits/ledger";
import { createUser, setCredits } from "@/tests/helpers/factories";
import { describeEachDatabase, describeOnPostgres, truncateAllTables } from "@/tests/helpers/test-db";

describeEachDatabase("credit ledger", (ctx) => {
  let userId: string;

  beforeEach(async () => {
    await truncateAllTables(ctx.db);
    userId = (await createUser(ctx.db)).id;
    await ensureProfile(ctx.db, userId);
  });

  it("gives a new user 5 welcome credits with one ledger row, once", async () => {
    expect(await ensureProfile(ctx.db, userId)).toEqual({ created: false });
    expect(await readAvailableCredits(ctx.db, userId)).toBe(welcomeCredits);
    const entries = await listLedgerEntries(ctx.db, userId, { limit: 10 });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: "grant", delta: 5, balanceAfter: 5, causeKey: causeKeys.signup(userId) });
  });

  it("spends bonus credits first, then the monthly allowance", async () => {
    await setCredits(ctx.db, userId, { bonusCredits: 3, monthlyCredits: 25, creditsUsed: 0 });
    const { entry } = await spendCredits(ctx.db, { userId, amount: 5, causeKey: "test:spend-1" });
    expect(entry).toMatchObject({ kind: "spend", delta: -5, bonusDelta: -3, monthlyDelta: -2, balanceAfter: 23 });
    expect(await findProfile(ctx.db, userId)).toMatchObject({ bonusCredits: 0, creditsUsed: 2, monthlyCredits: 25 });
  });

  it("refuses a spend beyond the balance and changes nothing", async () => {
    const attempt = spendCredits(ctx.db, { userId, amount: 6, causeKey: "test:too-much" });
    await expect(attempt).rejects.toBeInstanceOf(InsufficientCreditsError);
    await expect(attempt).rejects.toMatchObject({ required: 6, available: 5 });
    expect(await readAvailableCredits(ctx.db, userId)).toBe(5);
    expect(await listLedgerEntries(ctx.db, userId, { limit: 10 })).toHaveLength(1);
  });

  it("counts no allowance once more was used than the plan gives, and spends bonus credits only", async () => {
    await setCredits(ctx.db, userId, { bonusCredits: 3, monthlyCredits: 10, creditsUsed: 15 });
    const { entry } = await spendCredits(ctx.db, { userId, amount: 3, causeKey: "test:after-downgrade" });
    expect(entry).toMatchObject({ delta: -3, bonusDelta: -3, monthlyDelta: 0, balanceAfter: 0 });
    await expect(spendCredits(ctx.db, { userId, amount: 1, causeKey: "test:nothing-left" })).rejects.toMatchObject({ required: 1, available: 0 });
    expect(await findProfile(ctx.db, userId)).toMatchObject({ bonusCredits: 0, creditsUsed: 15 });
  });

  it("applies a repeated cause once", async () => {
    const first = await spendCredits(ctx.db, { userId, amount: 2, causeKey: "test:same" });
    const second = await spendCredits(ctx.db, { userId, amount: 2, causeKey: "test:same" });
    expect(first.applied).toBe(true);
    expect(second).toEqual({ entry: first.entry, applied: false });
    await grantCredits(ctx.db, { userId, amount: 30, kind: "purchase", causeKey: "test:grant" });
    await grantCredits(ctx.db, { userId, amount: 30, kind: "purchase", causeKey: "test:grant" });
    expect(await readAvailableCredits(ctx.db, userId)).toBe(33);
  });

  it("refunds exactly what a spend took, once", async () => {
    await setCredits(ctx.db, userId, { bonusCredits: 1, monthlyCredits: 25, creditsUsed: 10 });
    await spendCredits(ctx.db, { userId, amount: 2, causeKey: "spend:a" });
    expect(await findProfile(ctx.db, userId)).toMatchObject({ bonusCredits: 0, creditsUsed: 11 });
    const refund = { userId, spendCauseKey: "spend:a", causeKey: "refund:a" };
    expect((await refundSpend(ctx.db, refund))?.applied).toBe(true);
    expect((await refundSpend(ctx.db, refund))?.applied).toBe(false);
    expect(await findProfile(ctx.db, userId)).toMatchObject({ bonusCredits: 1, creditsUsed: 10 });
    expect(await refundSpend(ctx.db, { ...refund, spendCauseKey: "spend:never" })).toBeUndefined();
  });

  it("refunds monthly credits as bonus when the month has reset since the spend", async () => {
    await setCredits(ctx.db, userId, { bonusCredits: 0, monthlyCredits: 25, creditsUsed: 0 });
    await spendCredits(ctx.db, { userId, amount: 2, causeKey: "spend:b" });
    await setCredits(ctx.db, userId, { creditsUsed: 0 });
    const change = await refundSpend(ctx.db, { userId, spendCauseKey: "spend:b", causeKey: "refund:b" });
    expect(change?.entry).toMatchObject({ delta: 2, bonusDelta: 2, monthlyDelta: 0, balanceAfter: 27 });
  });
});

// Concurrency needs a real server: PGlite runs one query at a time.
describeOnPostgres("credit ledger on PostgreSQL under concurrency", (ctx) => {
  it("50 parallel spends of 2 on a balance of 10 give exactly 5 successes", async () => {
    const { id } = await createUser(ctx.db);
    await ensureProfile(ctx.db, id);
    await setCredits(ctx.db, id, { bonusCredits: 4, monthlyCredits: 6, creditsUsed: 0 });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) => spendCredits(ctx.db, { userId: id, amount: 2, causeKey: `race:${index}` })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    const failures = results.filter((r) => r.status === "rejected");
    expect(failures.every((r) => r.reason instanceof InsufficientCreditsError)).toBe(true);
    expect(await readAvailableCredits(ctx.db, id)).toBe(0);
    expect(await findProfile(ctx.db, id)).toMatchObject({ bonusCredits: 0, creditsUsed: 6 });
  });

  it("racing first sign-ins create one profile and one ledger row", async () => {
    const { id } = await createUser(ctx.db);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => ensureProfile(ctx.db, id)));
    expect(outcomes.filter((o) => o.created)).toHaveLength(1);
    expect(await listLedgerEntries(ctx.db, id, { limit: 10 })).toHaveLength(1);
    expect(await readAvailableCredits(ctx.db, id)).toBe(5);
  });
});
