import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { decodePostHogBody, type CapturedEvent } from "../fakes/posthog-server";
import { readZip } from "../helpers/read-zip";
import { fillSignInForm, openUserMenu, signUpNewAccount } from "./accounts";
import { expect, test } from "./fixtures";

/**
 * Decision 12 and 14 journeys. scripts/e2e.mjs builds with NEXT_PUBLIC_POSTHOG_KEY (inlined at
 * build time) so the cookie banner exists; PostHog itself is stood in for by intercepting
 * requests to NEXT_PUBLIC_POSTHOG_HOST in the browser.
 */
const posthogHost = process.env.NEXT_PUBLIC_POSTHOG_HOST || "https://eu.i.posthog.com";

/** Answers every request to PostHog locally and records the events sent. */
async function interceptPostHog(page: Page): Promise<{ events: CapturedEvent[]; requests: string[] }> {
  const events: CapturedEvent[] = [];
  const requests: string[] = [];
  // posthog-js drops events from browsers driven by automation (navigator.webdriver, headless
  // brands); this browser stands in for a person's.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false });
    Object.defineProperty(Navigator.prototype, "userAgentData", { get: () => undefined });
  });
  await page.route(`${posthogHost}/**`, async (route) => {
    const request = route.request();
    requests.push(request.url());
    const url = new URL(request.url());
    const body = request.postDataBuffer();
    if (request.method() === "POST" && body && /\/e\/?$/.test(url.pathname)) {
      events.push(...decodePostHogBody(body, { gzip: url.searchParams.get("compression") === "gzip-js", path: url.pathname }));
      return route.fulfill({ status: 200, contentType: "application/json", body: '{"status":1}' });
    }
    // Remote config, flags and lazily loaded scripts (session recorder): harmless empty answers.
    const isScript = url.pathname.endsWith(".js");
    return route.fulfill({ status: 200, contentType: isScript ? "text/javascript" : "application/json", body: isScript ? "" : "{}" });
  });
  return { events, requests };
}

test.describe("cookie banner", () => {
  // These visitors have not answered the banner yet (the config's default is "denied").
  test.use({ storageState: { cookies: [], origins: [] } });

  test("nothing is sent before an answer or after declining; accepting sends page views", async ({ page }) => {
    const { events, requests } = await interceptPostHog(page);
    const banner = page.getByTestId("consent-banner");

    await page.goto("/");
    await expect(banner).toBeVisible();
    await page.getByTestId("consent-decline").click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByTestId("hero-cta")).toBeVisible();
    await expect(banner).toBeHidden();
    // Not even the library's configuration was fetched.
    expect(requests).toEqual([]);

    // Changeable from the footer.
    await page.getByTestId("cookie-settings").click();
    await expect(banner).toBeVisible();
    await expect(page.getByTestId("consent-current")).toHaveText("You currently decline analytics.");
    await page.getByTestId("consent-accept").click();
    await expect(banner).toBeHidden();
    await expect.poll(() => events.find((event) => event.event === "page_view")?.properties).toMatchObject({ path: "/", label: "Home Page" });
    expect(events.some((event) => event.event === "$pageview")).toBe(false);

    // A marked button sends button_click with its name and location.
    await page.getByTestId("hero-cta").click();
    await expect
      .poll(() => events.find((event) => event.event === "button_click")?.properties)
      .toMatchObject({ name: "get-started", location: "home-hero" });
    await page.goto("/");

    await page.reload();
    await expect(banner).toBeHidden();
  });
});

test("privacy page: download my data, delete the account, and it can no longer sign in", async ({ page, baseURL }) => {
  // Answered already, so a build with analytics shows no banner over the page.
  if (baseURL) await page.context().addCookies([{ name: "analytics_consent", value: "denied", url: baseURL }]);
  const email = await signUpNewAccount(page);

  await openUserMenu(page);
  await page.getByTestId("user-menu-privacy").click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByTestId("privacy-retention")).toContainText("30 days");

  const downloadPromise = page.waitForEvent("download");
  await page.getByTestId("download-my-data").click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = readZip(await readFile(await download.path()));
  const data = JSON.parse(entries.find((entry) => entry.name === "data.json")?.data.toString("utf8") ?? "{}");
  expect(data.account.email).toBe(email);
  expect(data.ledger).toHaveLength(1);

  await page.getByTestId("delete-account-open").click();
  const confirm = page.getByTestId("delete-account-confirm");
  await expect(confirm).toBeDisabled();
  await page.getByTestId("delete-account-email").fill("someone-else@example.test");
  await expect(confirm).toBeDisabled();
  await page.getByTestId("delete-account-email").fill(email);
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Your account was deleted.")).toBeVisible();
  await expect(page.getByTestId("user-menu")).toHaveCount(0);

  await page.goto("/auth");
  await fillSignInForm(page, email);
  await expect(page.getByTestId("form-error")).toHaveText("Incorrect email or password.");
});
