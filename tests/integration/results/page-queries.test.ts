import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { seedGenerations } from "@/bench/lib/seed-generations";
import { mailingContext, uniqueEmail } from "@/tests/helpers/auth";
import { signedInBrowser, switchToBrowser, type CookieJar } from "@/tests/helpers/auth-browser";
import { setTestDatabase } from "@/tests/helpers/db-stand-in";
import { queryLoggingPglite, repeatedQueries, type QueryLoggingDatabase } from "@/tests/helpers/query-log";
import { inRequest } from "@/tests/helpers/request-scope";

/**
 * Issue #16: a signed-in page reads the session once per request, however many parts of it ask
 * (the root layout and the header through getCurrentAccount, the page through requireUser), and
 * /dashboard and /activity send no query twice. The real Auth.js signs in and reads the cookie
 * (next/headers is stood in for, tests/helpers/auth-browser.ts); React's per-request cache is
 * the one of its server build (tests/helpers/request-scope.ts); every statement is counted by
 * Drizzle's query logger on PGlite.
 */

vi.mock("@/db", async () => (await import("@/tests/helpers/db-stand-in")).dbModule);
vi.mock("next/headers", async () => (await import("@/tests/helpers/auth-browser")).nextHeaders);
vi.mock("react", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  cache: (await import("@/tests/helpers/request-scope")).serverCache,
}));

const { getSessionUser, requireUser } = await import("@/lib/auth/session");
const { getCurrentAccount } = await import("@/lib/account/current-account");
const { readSessionAccountFingerprint } = await import("@/lib/account/account-fingerprint");
const { loadRecentImages } = await import("@/lib/activity/recent-images");
const { loadActivityView } = await import("@/lib/activity/load-activity");

const password = "correct horse battery";

describe("the data of a signed-in page, query by query", () => {
  let logged: QueryLoggingDatabase;
  let browser: CookieJar;

  const sessionReads = () => logged.queries.filter((query) => /from "sessions"/.test(query.sql));
  // The table of the statement's own FROM (or of the derived table it selects from), not of a
  // subquery in its column list.
  const outerTable = (sql: string): string | undefined => {
    for (const match of sql.matchAll(/from (\(|"(\w+)")/g)) {
      const before = sql.slice(0, match.index);
      if (before.split("(").length !== before.split(")").length) continue;
      return match[2] ?? outerTable(sql.slice(match.index + match[0].length));
    }
    return undefined;
  };
  const tablesRead = () => logged.queries.map((query) => outerTable(query.sql));

  const filesDir = mkdtempSync(path.join(os.tmpdir(), "page-queries-"));

  beforeAll(async () => {
    logged = await queryLoggingPglite();
    setTestDatabase(logged.db);
    const { signUp } = await import("@/lib/auth/sign-up");
    const email = uniqueEmail("page-queries");
    await signUp(mailingContext(logged.db, { emailConfirmationRequired: false }), { firstName: "Ada", lastName: "L", email, password, ip: undefined });
    browser = await signedInBrowser("credentials", { email, password });
    const user = await inRequest(getSessionUser);
    if (!user) throw new Error("the test user is not signed in");
    await seedGenerations(logged.db, user.id, 100, filesDir);
  });

  afterAll(async () => {
    await logged.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    switchToBrowser(browser);
    logged.reset();
  });

  it("reads the session and the account once per request, however many parts ask", async () => {
    const user = await inRequest(async () => {
      const fromLayout = await getCurrentAccount();
      const fromPage = await requireUser("/dashboard");
      const fromHeader = await getCurrentAccount();
      expect(fromHeader).toBe(fromLayout);
      // The fingerprint the page renders for its live updates comes with the same read.
      expect(await readSessionAccountFingerprint()).toBe(fromLayout?.fingerprint);
      expect(await getSessionUser()).toBe(fromPage);
      return fromPage;
    });
    expect(user.email).toMatch(/^page-queries-/);
    expect(sessionReads()).toHaveLength(1);
    expect(tablesRead()).toEqual(["sessions", "profiles"]);

    // The next request reads again: a session ended in between must not stay signed in.
    logged.reset();
    await inRequest(async () => {
      await requireUser("/dashboard");
      await getSessionUser();
    });
    expect(sessionReads()).toHaveLength(1);
  });

  it("would read the session on every call without the request's cache", async () => {
    // The control of the test above: outside a request React's cache() memoises nothing.
    await getSessionUser();
    await getSessionUser();
    expect(sessionReads()).toHaveLength(2);
  });

  it("renders /dashboard's data with three queries, none twice", async () => {
    await inRequest(async () => {
      // The root layout (header, credits) and the page run in the same request.
      const layout = getCurrentAccount();
      const user = await requireUser("/dashboard");
      const [images, account] = await Promise.all([loadRecentImages(logged.db, user.id), getCurrentAccount(), layout]);
      expect(images).toHaveLength(10);
      expect(account?.credits).toBeGreaterThan(0);
    });
    expect(repeatedQueries(logged.queries)).toEqual([]);
    expect(tablesRead()).toEqual(["sessions", "profiles", "generation_images"]);
  });

  it("renders /activity's data of 100 generations with seven queries, none twice", async () => {
    const view = await inRequest(async () => {
      const layout = getCurrentAccount();
      const user = await requireUser("/activity");
      const [page] = await Promise.all([loadActivityView(logged.db, user.id, { page: 1 }), layout]);
      return page;
    });
    expect(view.activity.finished).toHaveLength(20);
    expect(view.activity.hasNextPage).toBe(true);
    expect(repeatedQueries(logged.queries)).toEqual([]);
    // Session and profile; the fingerprint; in progress and one page of finished with their
    // covers; credit refunds and money refunds.
    expect(logged.queries).toHaveLength(7);
    expect(tablesRead().sort()).toEqual(["sessions", "profiles", "generations", "generations", "generations", "credit_ledger", "order_refunds"].sort());
  });
});
