import { afterAll, beforeAll, beforeEach } from "vitest";
import type { BillingContext } from "@/lib/billing/context";
import { ensureProfile } from "@/lib/credits/ledger";
import { startFakeStripe, type FakeStripe } from "@/tests/fakes/stripe-server";
import { stripeModeContext } from "./billing";
import { createUser } from "./factories";
import { truncateAllTables, type TestDatabaseContext } from "./test-db";

/** What the tests of a Stripe-mode suite work with (available in tests and hooks). */
export interface StripeSuite {
  /** One fake Stripe for the whole block, emptied before each test. */
  readonly fake: FakeStripe;
  /** Stripe mode against the fake, on the block's database. */
  readonly billing: BillingContext;
  /** A new user with a profile (and its welcome credits) for each test. */
  readonly user: { id: string; email: string };
}

/**
 * Registers, inside a describeEachDatabase block, a fake Stripe for the block and, before each
 * test, an empty database, a fake without the requests, failures and objects of the test
 * before, a Stripe-mode billing context and a new user.
 *
 *   describeEachDatabase("checkout", (ctx) => {
 *     const suite = stripeSuite(ctx);
 *     it("opens", async () => { await startCheckout(suite.billing, suite.user, item, { locale: "en" }); });
 *   });
 */
export function stripeSuite(ctx: TestDatabaseContext): StripeSuite {
  let fake: FakeStripe | undefined;
  let current: { billing: BillingContext; user: { id: string; email: string } } | undefined;

  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => {
    await fake?.close();
    fake = undefined;
  });
  beforeEach(async () => {
    const started = startedFake();
    await truncateAllTables(ctx.db);
    started.requests.length = 0;
    started.world.reset(new Date());
    started.clearFailures();
    const user = await createUser(ctx.db);
    await ensureProfile(ctx.db, user.id);
    current = { billing: stripeModeContext(ctx.db, started), user };
  });

  function startedFake(): FakeStripe {
    if (!fake) throw new Error("The fake Stripe is only available inside tests and hooks.");
    return fake;
  }
  function currentTest() {
    if (!current) throw new Error("The billing context and user are only available inside tests.");
    return current;
  }
  return {
    get fake() {
      return startedFake();
    },
    get billing() {
      return currentTest().billing;
    },
    get user() {
      return currentTest().user;
    },
  };
}
