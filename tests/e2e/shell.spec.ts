import { exampleSeed } from "@/lib/example-seed";
import { expect, test } from "./fixtures";

test.describe("home page", () => {
  for (const locale of ["en", "de", "fr", "ar", "es"] as const) {
    test(`renders in ${locale}`, async ({ page, context }) => {
      await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: "http://127.0.0.1" }]);
      await page.goto("/");
      const html = page.locator("html");
      await expect(html).toHaveAttribute("lang", locale);
      await expect(html).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      if (locale === "en") await expect(page.getByRole("heading", { level: 1 })).toContainText("your photos with AI");
      await expect(page.getByTestId("tool-card")).toHaveCount(4);
    });
  }

  test("the language menu switches language and remembers it", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("language-menu").click();
    await page.getByTestId("language-option-de").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("link", { name: "Anmelden" }).first()).toBeVisible();
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await page.getByTestId("language-menu").click();
    await page.getByTestId("language-option-ar").click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  });

  test("rotates Generate, Edit and Fix every two seconds, fading in all but the first", async ({ page }) => {
    await page.goto("/");
    const word = page.getByTestId("rotating-word");
    await expect(word).toHaveText("Generate");
    await expect(word).not.toHaveClass(/animate-word-in/);
    await expect(word).toHaveText("Edit", { timeout: 3_500 });
    await expect(word).toHaveClass(/animate-word-in/);
    await expect(word).toHaveText("Fix", { timeout: 3_500 });
    await expect(word).toHaveText("Generate", { timeout: 3_500 });
  });

  test("tool cards lead to each tool's first step", async ({ page }) => {
    await page.goto("/");
    const hrefs = await page.getByTestId("tool-card").evaluateAll((cards) =>
      cards.map((card) => (card.matches("a") ? card : card.querySelector("a"))?.getAttribute("href")),
    );
    expect(hrefs).toEqual(["/headshot-pro/step1", "/ai-product/step1", "/hair-changer/step1", "/body-shaper/step1"]);
  });

  test("shows the examples from the database in sort order", async ({ page }) => {
    await page.goto("/");
    const cards = page.getByTestId("example-card");
    await expect(cards).toHaveCount(exampleSeed.length);
    const expected = [...exampleSeed].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0)).map((e) => e.title);
    for (const [index, title] of expected.entries()) await expect(cards.nth(index)).toContainText(title);
    const firstImage = cards.first().locator("img");
    await expect(firstImage).toHaveAttribute("src", /examples/);
  });
});

test.describe("theme", () => {
  test("defaults to dark and keeps a switch after a reload", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.getByTestId("theme-menu").click();
    await page.getByTestId("theme-option-light").click();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  });

  test("paints the chosen theme before the app's scripts run", async ({ page }) => {
    await page.goto("/auth");
    await page.getByTestId("theme-menu").click();
    await page.getByTestId("theme-option-light").click();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    // Without the page's script files only the inline pre-paint script can set the class.
    await page.route("**/_next/static/**/*.js", (route) => route.abort());
    await page.goto("/auth");
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  });
});

test.describe("signed-out header", () => {
  test("links to sign in, sign up, home, tools and examples", async ({ page }) => {
    await page.goto("/headshot-pro");
    const header = page.locator("header").first();
    await expect(header.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    await expect(header.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/auth?mode=signup");
    await expect(header.getByRole("link", { name: "Tools" })).toHaveAttribute("href", "/#tools");
    await expect(header.getByRole("link", { name: "Examples" })).toHaveAttribute("href", "/#examples");
    await header.getByRole("link", { name: /home/i }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test("the headshot landing page leads to step 1", async ({ page }) => {
  await page.goto("/headshot-pro");
  await expect(page.getByTestId("headshot-stat")).toContainText("27,000+");
  await expect(page.getByTestId("headshot-cta")).toHaveAttribute("href", "/headshot-pro/step1");
});

test("an unknown path shows the not-found page with a link home", async ({ page }) => {
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe("mobile", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the sticky Get Started Free button appears after half a window of scrolling", async ({ page }) => {
    await page.goto("/");
    const sticky = page.getByTestId("sticky-cta");
    await expect(sticky).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, window.innerHeight * 0.3));
    await expect(sticky).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, window.innerHeight * 0.6));
    await expect(sticky).toBeVisible();
    await expect(sticky.getByRole("link")).toHaveAttribute("href", "/auth?mode=signup");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(sticky).toBeHidden();
  });

  test("the collapsible menu has the header's items", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("mobile-menu-button").click();
    const menu = page.getByTestId("mobile-menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    await expect(menu.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/auth?mode=signup");
    await menu.getByTestId("mobile-language-ar").click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  });
});
