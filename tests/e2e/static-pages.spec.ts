import type { Page } from "@playwright/test";
import { signUpNewAccount } from "./accounts";
import { expect, test } from "./fixtures";

/**
 * The signed-out pages that are prerendered per language (issue 16) and what visitors trip over
 * on them (issue 19): served from the cache with a policy that lets exactly their scripts run,
 * the sign-in form following the header's links, translated example titles, the sticky call to
 * action clear of the © line, and the examples signed-in users reach from the header.
 */

/** Records Content-Security-Policy violations the page reports or logs. */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportStaticCspViolation", (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = Reflect.get(window, "reportStaticCspViolation");
      if (typeof report === "function") report(`${event.effectiveDirective} blocked ${event.blockedURI} on ${location.pathname}`);
    });
  });
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(message.text());
  });
  return violations;
}

/**
 * The number of cookie banners in the document after each change of it that changed that number,
 * from the first byte of every page on.
 */
async function recordBannerCounts(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript(() => {
    const counts: number[] = [];
    Reflect.set(window, "bannerCounts", counts);
    new MutationObserver(() => {
      const count = document.querySelectorAll('[data-testid="consent-banner"]').length;
      if (count !== counts.at(-1)) counts.push(count);
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => Reflect.get(window, "bannerCounts") as number[]);
}

/**
 * Holds back the lazily loaded analytics code (components/analytics/analytics-root.tsx) for a
 * second, as a slow connection or a busy machine would; returns how many times it did.
 */
async function delayAnalyticsCode(page: Page): Promise<() => number> {
  let delayed = 0;
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    if (body.includes("[data-analytics-button]")) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      delayed += 1;
    }
    await route.fulfill({ response, body });
  });
  return () => delayed;
}

test.describe("prerendered pages", () => {
  test("are served from the cache, the same bytes each time, with a policy without nonce", async ({ request }) => {
    for (const path of ["/", "/headshot-pro", "/auth", "/auth?mode=signup"]) {
      await request.get(path);
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["x-nextjs-cache"], path).toBe("HIT");
      // Next.js would hash the whole page for an ETag on every request (next.config.ts).
      expect(response.headers()["etag"], path).toBeUndefined();
      const policy = response.headers()["content-security-policy"] ?? "";
      expect(policy, path).toContain("script-src 'self' 'unsafe-inline'");
      expect(policy, path).not.toContain("nonce-");
      expect(await response.text(), path).not.toContain('nonce="');
    }
    // A page rendered per request keeps its nonce.
    const dynamic = await request.get("/auth/forgot-password");
    expect(dynamic.headers()["content-security-policy"]).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
    expect(dynamic.headers()["x-nextjs-cache"]).toBeUndefined();
  });

  test("come in the visitor's language without a language in the address", async ({ request }) => {
    const german = await request.get("/", { headers: { "accept-language": "de-DE,de;q=0.9" } });
    expect(await german.text()).toContain('lang="de"');
    const arabic = await request.get("/auth", { headers: { cookie: "NEXT_LOCALE=ar", "accept-language": "de" } });
    expect(await arabic.text()).toMatch(/<html[^>]*lang="ar"[^>]*dir="rtl"|<html[^>]*dir="rtl"[^>]*lang="ar"/);
  });

  test("are not reachable at their internal address", async ({ request }) => {
    expect((await request.get("/prerendered/en")).status()).toBe(404);
  });

  test("carry the cookie banner in their HTML, so it paints with the page", async ({ request }) => {
    const html = await (await request.get("/", { headers: { cookie: "" } })).text();
    expect(html).toContain('data-testid="consent-banner"');
  });

  test.describe("for a visitor who has not answered the banner", () => {
    test.use({ storageState: { cookies: [], origins: [] } });

    test("run every script they carry, and nothing is blocked", async ({ page }) => {
      const violations = await recordViolations(page);
      for (const path of ["/", "/auth", "/auth?mode=signup", "/headshot-pro"]) {
        await page.goto(path);
        await expect(page.getByTestId("consent-banner")).toBeVisible();
        await expect(page.locator("main")).toBeVisible();
      }
      // Interactive, so hydration ran: the banner answers and the sign-in tabs switch.
      await page.getByTestId("consent-decline").click();
      await expect(page.getByTestId("consent-banner")).toBeHidden();
      await page.goto("/auth");
      await page.getByTestId("auth-mode-signup").click();
      await expect(page.getByTestId("sign-up-form")).toBeVisible();
      expect(violations).toEqual([]);
    });

    test.describe("in a light system theme", () => {
      // The theme provider then updates its context once the page is interactive, which reaches
      // everything below it that has not hydrated yet.
      test.use({ colorScheme: "light" });

      test("show exactly one banner from first paint on, while the analytics code is on its way", async ({ page }) => {
        const delayedTimes = await delayAnalyticsCode(page);
        const bannerCounts = await recordBannerCounts(page);
        for (const path of ["/", "/auth", "/auth?mode=signup", "/headshot-pro"]) {
          const before = delayedTimes();
          await page.goto(path);
          // The page became interactive without the analytics code, then got it.
          await expect.poll(delayedTimes, path).toBeGreaterThan(before);
          await expect(page.getByTestId("consent-banner")).toHaveCount(1);
          await expect(page.getByTestId("consent-banner")).toBeVisible();
          // From the HTML on, the banner is neither replaced, nor doubled, nor gone for a while.
          const counts = await bannerCounts();
          expect(counts.slice(counts.indexOf(1)), `${path}: ${counts.join(" → ")}`).toEqual([1]);
        }
      });
    });
  });

  test("hide the banner before the first paint for a visitor who answered", async ({ page }) => {
    await page.goto("/");
    // In the HTML, never displayed: the pre-paint script marked the document.
    await expect(page.getByTestId("hero-cta")).toBeVisible();
    await expect(page.getByTestId("consent-banner")).toBeHidden();
  });

  test("draw the chrome's and landing pages' icons from one cached sprite file", async ({ page, request }) => {
    await page.goto("/");
    const references = await page.locator("svg > use").evaluateAll((uses) => uses.map((use) => use.getAttribute("href") ?? ""));
    expect(references.length).toBeGreaterThan(10);
    const files = new Set(references.map((reference) => reference.split("#")[0]));
    expect(files.size).toBe(1);
    const [file] = files;
    const sprite = await request.get(file ?? "");
    expect(sprite.headers()["content-type"]).toContain("image/svg+xml");
    expect(sprite.headers()["cache-control"]).toContain("immutable");
    const symbols = await sprite.text();
    for (const reference of references) expect(symbols).toContain(`<symbol id="${reference.split("#")[1]}"`);
    // The logo's sparkles are drawn (a <use> whose file or symbol is missing has an empty box).
    await expect.poll(() => page.locator("header .logo use").evaluate((use: SVGUseElement) => use.getBBox().width)).toBeGreaterThan(0);
  });

  test("an example whose picture cannot be loaded says so in its place", async ({ page }) => {
    await page.route(/\/_next\/image\?/, (route) => route.abort());
    await page.goto("/");
    const firstCard = page.getByTestId("example-card").first();
    await firstCard.scrollIntoViewIfNeeded();
    await expect(firstCard.getByText("Image unavailable")).toBeVisible();
    await expect(firstCard.locator("img")).toHaveCount(0);
  });

  test("offer each example in the three widths its gallery can use", async ({ page, request }) => {
    await page.goto("/");
    const candidates = await page
      .getByTestId("examples-gallery")
      .locator("img")
      .evaluateAll((images) => images.map((image) => (image.getAttribute("srcset") ?? "").split(",").map((candidate) => candidate.trim().split(" "))));
    expect(candidates.length).toBeGreaterThan(0);
    for (const widths of candidates) expect(widths.map(([, width]) => width)).toEqual(["384w", "640w", "828w"]);
    // The browser works the addresses out (example-image-layout.ts): next/image's optimizer must take them.
    for (const [address] of candidates[0] ?? []) {
      const image = await request.get(address ?? "");
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toMatch(/^image\//);
    }
  });
});

test.describe("issue 19 on the prerendered pages", () => {
  test("the header's Sign In and Sign Up switch the form on /auth, and back", async ({ page }) => {
    await page.goto("/auth?mode=signup");
    await expect(page.getByTestId("sign-up-form")).toBeVisible();
    const header = page.locator("header");
    await header.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByTestId("sign-in-form")).toBeVisible();
    await expect(page.getByTestId("sign-up-form")).toHaveCount(0);
    await header.getByRole("link", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);
    await expect(page.getByTestId("sign-up-form")).toBeVisible();
    // After switching with the form's own tabs, the header still wins.
    await page.getByTestId("auth-mode-signin").click();
    await expect(page.getByTestId("sign-in-form")).toBeVisible();
    await header.getByRole("link", { name: "Sign Up" }).click();
    await expect(page.getByTestId("sign-up-form")).toBeVisible();
  });

  for (const [locale, title] of [
    ["de", "Astronautenporträt"],
    ["ar", "صورة شخصية لرائد فضاء"],
  ] as const) {
    test(`example titles are translated (${locale})`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL ?? "" }]);
      await page.goto("/");
      const titles = page.getByTestId("example-title");
      await expect(titles.first()).toHaveText(title);
      await expect(page.getByText("Astronaut portrait")).toHaveCount(0);
    });
  }

  test.describe("on a 390 px screen", () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test("the sticky Get Started Free button leaves the © line visible at the bottom", async ({ page }) => {
      await page.goto("/");
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const sticky = page.getByTestId("sticky-cta");
      await expect(sticky).toBeVisible();
      const copyright = page.locator("footer p", { hasText: "©" });
      await expect(copyright).toBeInViewport();
      const [line, button] = await Promise.all([copyright.boundingBox(), sticky.boundingBox()]);
      expect(line && button && line.y + line.height).toBeLessThanOrEqual(button?.y ?? 0);
    });
  });

  test("a signed-in user's Examples link leads to examples on the dashboard", async ({ page }) => {
    await signUpNewAccount(page);
    await page.locator("header").getByRole("link", { name: "Examples" }).click();
    await expect(page).toHaveURL(/\/dashboard#examples$/);
    const examples = page.locator("#examples");
    await expect(examples.getByTestId("example-card").first()).toBeInViewport();
    expect(await examples.getByTestId("example-card").count()).toBeGreaterThan(0);
  });
});
