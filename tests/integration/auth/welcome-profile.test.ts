import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { readAvailableCredits } from "@/db/queries/credits";
import { creditLedger, profiles } from "@/db/schema";
import { onSignIn } from "@/lib/auth/first-sign-in";
import { createUser } from "@/tests/helpers/factories";
import { describeEachDatabase } from "@/tests/helpers/test-db";

describeEachDatabase("welcome credits on the first sign-in", (ctx) => {
  it("creates the profile with 5 credits and one ledger row, and nothing on later sign-ins", async () => {
    const user = await createUser(ctx.db);
    expect(await onSignIn(ctx.db, user.id)).toEqual({ newProfile: true });
    expect(await onSignIn(ctx.db, user.id)).toEqual({ newProfile: false });
    expect(await readAvailableCredits(ctx.db, user.id)).toBe(5);
    expect(await ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id))).toHaveLength(1);
  });

  it("grants once when two first sign-ins race", async () => {
    const user = await createUser(ctx.db);
    const results = await Promise.all(Array.from({ length: 4 }, () => onSignIn(ctx.db, user.id)));
    expect(results.filter((result) => result.newProfile)).toHaveLength(1);
    expect(await ctx.db.select().from(profiles).where(eq(profiles.userId, user.id))).toHaveLength(1);
    const ledger = await ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(ledger).toMatchObject([{ kind: "grant", delta: 5, causeKey: `signup:${user.id}` }]);
    expect(await readAvailableCredits(ctx.db, user.id)).toBe(5);
  });
});
