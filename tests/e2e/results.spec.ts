import { randomUUID } from "node:crypto";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { newEmail, signOutThroughMenu, signUpNewAccount } from "./accounts";
import { expect, test } from "./fixtures";
import { hasResultsBackend, runLikenessJob, startGeneration, startJobWorker } from "./support/results-backend";

/**
 * The results experience (issue #9): dashboard, /activity, /gallery/{id}, the viewer, edit,
 * remix and delete, with accounts made through the real sign-up form. Journeys that need
 * finished generations use the results server of playwright.config.ts (PostgreSQL); without
 * it they are skipped and the integration tests in tests/integration/results cover their logic.
 */

const backendNote = "needs the PostgreSQL results server (TEST_DATABASE_URL, see playwright.config.ts)";

async function subscribeToPro(context: BrowserContext, page: Page): Promise<void> {
  await page.goto("/subscription");
  const [checkout] = await Promise.all([context.waitForEvent("page"), page.getByTestId("choose-plan-pro").click()]);
  await expect(checkout).toHaveURL(/\/checkout\/test\/[0-9a-f-]{36}$/);
  await checkout.getByTestId("test-checkout-pay").click();
  await expect(checkout.getByTestId("payment-return-banner")).toHaveAttribute("data-state", "paid");
  await checkout.close();
}

/** Marks the page's document, so a test can tell a navigation within the app from a page load. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));
}

async function isMarkedDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => "e2eSameDocument" in window);
}

/** An image once loaded: the address it loaded, its width, and the width of the full stored image its `src` names. */
async function loadedImage(image: Locator): Promise<{ currentSrc: string; naturalWidth: number; storedWidth: number }> {
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  return image.evaluate(async (element: HTMLImageElement) => {
    const stored = await createImageBitmap(await (await fetch(element.src)).blob());
    return { currentSrc: element.currentSrc, naturalWidth: element.naturalWidth, storedWidth: stored.width };
  });
}

async function imageIdOf(tile: Locator): Promise<string> {
  const id = await tile.getAttribute("data-image-id");
  if (!id) throw new Error("tile without an image id");
  return id;
}

test.describe("results pages of a new account", () => {
  test("the dashboard and /activity show their empty states, and the chips filter by tool", async ({ page }) => {
    await signUpNewAccount(page);
    const recent = page.getByTestId("recent-activity");
    await expect(recent.getByTestId("recent-activity-empty")).toContainText("No generations yet");
    await expect(recent.getByTestId("start-creating")).toHaveText("Start Creating");

    await recent.getByTestId("view-all-activity").click();
    await expect(page).toHaveURL(/\/activity$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recent Activity");
    await expect(page.getByTestId("activity-empty")).toContainText("No generations found");
    await expect(page.getByTestId("category-chip-all")).toHaveAttribute("aria-current", "page");

    await page.getByTestId("category-chip-hair-changer").click();
    await expect(page).toHaveURL(/\/activity\?category=hair-changer$/);
    await expect(page.getByTestId("category-chip-hair-changer")).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("category-chip-all")).not.toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("activity-empty")).toBeVisible();

    await page.getByTestId("activity-back").click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("/activity shows the payment return banner for ?session_id and drops the parameter", async ({ page }) => {
    await signUpNewAccount(page);
    const sessionId = `test_${randomUUID()}`;
    // The banner's texts travel only with a payment to report on (issue 16).
    const bannerText = "We could not find this payment.";
    expect(await (await page.request.get("/activity")).text()).not.toContain(bannerText);
    expect(await (await page.request.get(`/activity?session_id=${sessionId}`)).text()).toContain(bannerText);

    await page.goto(`/activity?session_id=${sessionId}`);
    const banner = page.getByTestId("payment-return-banner");
    await expect(banner).toHaveAttribute("data-state", "failed");
    await expect(banner).toContainText(bannerText);
    await expect(page).toHaveURL(/\/activity$/);
    // It stays, with its texts, when the page is fetched again without the session.
    await page.getByTestId("category-chip-hair-changer").click();
    await expect(page).toHaveURL(/\/activity\?category=hair-changer$/);
    await expect(banner).toContainText(bannerText);
  });

  test("unknown and malformed gallery ids show Generation Not Found with a way back", async ({ page }) => {
    await signUpNewAccount(page);
    for (const id of [randomUUID(), "not-a-uuid"]) {
      await page.goto(`/gallery/${id}`);
      const notFound = page.getByTestId("gallery-not-found");
      await expect(notFound.getByRole("heading", { level: 1 })).toHaveText("Generation Not Found");
      await expect(notFound.getByTestId("gallery-back")).toHaveAttribute("href", "/activity");
    }
  });
});

test.describe("results of real generations", () => {
  test.skip(!hasResultsBackend, backendNote);

  test("work in progress moves to Generated Images by itself; chips filter; strangers get Not Found", async ({ page }) => {
    test.setTimeout(150_000);
    const email = await signUpNewAccount(page, newEmail("activity"));
    const product = await startGeneration(email, "ai_product");
    const hair = await startGeneration(email, "hair_changer");

    await page.goto("/activity?focus=latest");
    const inProgress = page.getByTestId("in-progress-card");
    await expect(inProgress).toHaveCount(2);
    await expect(inProgress.first()).toHaveAttribute("data-generation-id", hair);
    await expect(inProgress.first()).toHaveAttribute("data-focused", "true");
    await expect(inProgress.nth(1)).not.toHaveAttribute("data-focused", "true");
    await expect(inProgress.first().getByTestId("status-badge")).toHaveAttribute("data-status", "pending");
    await expect(inProgress.first().getByTestId("status-badge")).toHaveText("Pending");
    // Both generations took their 2 credits when they were accepted.
    await expect(page.getByTestId("credits-count")).toHaveText("1");

    await page.getByTestId("category-chip-ai-product").click();
    await expect(page).toHaveURL(/category=ai-product/);
    await expect(inProgress).toHaveCount(1);
    await expect(inProgress.first()).toHaveAttribute("data-generation-id", product);
    await page.getByTestId("category-chip-hair-changer").click();
    await expect(page).toHaveURL(/category=hair-changer/);
    await expect(inProgress).toHaveCount(1);
    await expect(inProgress.first()).toHaveAttribute("data-generation-id", hair);
    await page.getByTestId("category-chip-body-shaper").click();
    await expect(page.getByTestId("activity-empty")).toContainText("No generations found");
    await page.getByTestId("category-chip-all").click();
    await expect(inProgress).toHaveCount(2);

    const worker = await startJobWorker();
    try {
      // No reload: the page notices the change and refreshes itself.
      await expect(page.getByTestId("generated-card")).toHaveCount(2, { timeout: 20_000 });
      await expect(page.getByTestId("in-progress-section")).toHaveCount(0);
    } finally {
      await worker.stop();
    }
    await page.getByTestId("category-chip-hair-changer").click();
    await expect(page.getByTestId("generated-card")).toHaveCount(1);
    await expect(page.getByTestId("generated-card")).toHaveAttribute("data-generation-id", hair);

    await page.goto("/dashboard");
    await expect(page.getByTestId("recent-activity").getByTestId("result-tile")).toHaveCount(2);

    // One credit left: editing (2 credits) is off.
    await page.goto(`/gallery/${product}`);
    await expect(page.getByTestId("gallery-title")).toHaveText("AI Product Results");
    await expect(page.getByTestId("result-edit")).toBeDisabled();

    await signOutThroughMenu(page);
    await signUpNewAccount(page, newEmail("stranger"));
    await page.goto(`/gallery/${product}`);
    await expect(page.getByTestId("gallery-not-found")).toContainText("Generation Not Found");
  });

  test("the results page says in words which headshots were made again and which were refunded (decision 24)", async ({ page }) => {
    test.setTimeout(240_000);
    const email = await signUpNewAccount(page, newEmail("likeness"));
    const id = await runLikenessJob(email);

    await page.goto(`/headshot-pro/results?id=${id}`);
    await expect(page.getByTestId("headshot-results-count")).toHaveText("9 headshots are ready to download.");
    await expect(page.getByTestId("result-tile")).toHaveCount(9);
    const notice = page.getByTestId("likeness-notice");
    await expect(notice).toContainText("2 of 10 headshots did not look enough like you and were made again.");
    await expect(notice).toContainText("1 headshot still did not look enough like you after a second try, so we did not deliver it.");
    await expect(page.getByTestId("delivery-refund")).toContainText("9 of 10 images could be created");
    await expect(page.getByTestId("delivery-refund")).toContainText("2 credits for the missing image went back to your balance.");
    // The score itself is never shown.
    await expect(page.locator("main")).not.toContainText(/0\.\d\d/);
    await expect(page.getByTestId("credits-count")).toHaveText("7");

    await page.goto(`/gallery/${id}`);
    await expect(page.getByTestId("likeness-notice")).toContainText("2 of 10 headshots did not look enough like you and were made again.");

    // The same words in Arabic, right to left.
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "ar", url: new URL(page.url()).origin }]);
    await page.goto(`/headshot-pro/results?id=${id}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("likeness-notice")).toContainText("صورتان شخصيتان من أصل 10 لم تكونا تشبهانك بما يكفي فأُعيد إنشاؤهما.");
    await page.screenshot({ path: test.info().outputPath("likeness-notice-ar.png"), fullPage: true });

    // The credit history says the spend and the refund, in Arabic and in English (issue 34).
    await page.goto("/subscription");
    const history = page.getByTestId("credit-history-entry");
    await expect(history.nth(0)).toContainText("أرصدة مستردة عن صور لم تُنشأ (Headshot Pro)");
    await expect(history.nth(0).getByTestId("credit-history-delta")).toContainText("+2");
    await expect(history.nth(1)).toContainText("أُنفقت على Headshot Pro");
    await page.screenshot({ path: test.info().outputPath("credit-history-ar.png"), fullPage: true });
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "en", url: new URL(page.url()).origin }]);
    await page.reload();
    await expect(history.nth(0)).toContainText("Credits back for images not made (Headshot Pro)");
    await expect(history.nth(0)).toContainText("Balance: 7");
    await expect(history.nth(1)).toContainText("Spent on Headshot Pro");
    await expect(history.nth(1).getByTestId("credit-history-delta")).toHaveText("-20");
  });

  test("edit, remix, view and delete in a generation's gallery", async ({ page, context }) => {
    test.setTimeout(180_000);
    const email = await signUpNewAccount(page, newEmail("editor"));
    await subscribeToPro(context, page);
    const generationId = await startGeneration(email, "ai_product");
    const worker = await startJobWorker();
    try {
      await page.goto("/activity");
      await expect(page.getByTestId("generated-card")).toHaveCount(1, { timeout: 20_000 });
      await markDocument(page);
      // Prefetched when the pointer comes over the card, as a Link would be.
      const prefetched = page.waitForRequest(
        (request) => new URL(request.url()).pathname === `/gallery/${generationId}` && request.headers()["next-router-prefetch"] !== undefined,
      );
      await page.getByTestId("generated-card").hover();
      await prefetched;
      await page.getByTestId("generated-card").click();
      await expect(page).toHaveURL(new RegExp(`/gallery/${generationId}$`));
      // Followed within the app, as a Link would (components/layout/in-app-links.tsx).
      expect(await isMarkedDocument(page)).toBe(true);
      await expect(page.getByTestId("credits-count")).toHaveText("153");
      const tiles = page.getByTestId("result-tile");
      await expect(tiles).toHaveCount(1);
      const dialog = page.getByTestId("edit-dialog");
      const prompt = dialog.getByTestId("edit-prompt");
      const apply = dialog.getByTestId("edit-apply");

      await test.step("the prompt is limited to 100 words", async () => {
        await tiles.first().getByTestId("result-edit").click();
        await expect(apply).toHaveText("Apply Edit (2 credits)");
        await expect(apply).toBeDisabled();
        await prompt.fill(Array.from({ length: 101 }, (_, index) => `word${index}`).join(" "));
        await expect(dialog.getByTestId("edit-word-count")).toHaveText("101/100");
        await expect(dialog.getByTestId("edit-word-limit-alert")).toHaveText("Please limit your prompt to 100 words maximum.");
        await expect(apply).toBeDisabled();
      });

      await test.step("a three-word edit costs 2 credits", async () => {
        await prompt.fill("make it blue");
        await expect(dialog.getByTestId("edit-word-count")).toHaveText("3/100");
        await apply.click();
        await expect(dialog.getByTestId("edit-result")).toBeVisible({ timeout: 20_000 });
        await expect(page.getByText("Image edited successfully!")).toBeVisible();
        await expect(page.getByTestId("credits-count")).toHaveText("151");
      });

      await test.step("remix starts over from the edited image and costs 2 more", async () => {
        await dialog.getByTestId("edit-remix").click();
        await expect(dialog.getByRole("heading")).toHaveText("Remix Image");
        await expect(prompt).toHaveValue("");
        await prompt.fill("add warm light");
        await apply.click();
        await expect(dialog.getByTestId("edit-result")).toBeVisible({ timeout: 20_000 });
        await expect(page.getByTestId("credits-count")).toHaveText("149");
        await dialog.getByRole("button", { name: "Done" }).click();
        await expect(dialog).toBeHidden();
      });

      await test.step("the gallery lists the chain, also after a reload", async () => {
        await expect(tiles).toHaveCount(3);
        await page.reload();
        await expect(tiles).toHaveCount(3);
        await expect(tiles.nth(0)).toHaveAttribute("data-edit-depth", "0");
        await expect(tiles.nth(1).getByTestId("edit-badge")).toHaveText("Edit");
        await expect(tiles.nth(2).getByTestId("edit-badge")).toHaveText("Remix");
      });

      await test.step("the viewer wraps around with the arrow keys and closes with Escape", async () => {
        const opener = tiles.nth(0).getByTestId("result-open");
        await opener.click();
        const counter = page.getByTestId("lightbox-counter");
        await expect(counter).toHaveText("1 of 3");
        await page.keyboard.press("ArrowRight");
        await expect(counter).toHaveText("2 of 3");
        await page.keyboard.press("ArrowRight");
        await expect(counter).toHaveText("3 of 3");
        await page.keyboard.press("ArrowRight");
        await expect(counter).toHaveText("1 of 3");
        await page.keyboard.press("ArrowLeft");
        await expect(counter).toHaveText("3 of 3");
        await page.keyboard.press("Escape");
        await expect(page.getByTestId("lightbox")).toBeHidden();
        await expect(opener).toBeFocused();
      });

      await test.step("in Arabic the left arrow moves to the next image", async () => {
        await context.addCookies([{ name: "NEXT_LOCALE", value: "ar", url: "http://127.0.0.1" }]);
        await page.reload();
        const second = await imageIdOf(tiles.nth(1));
        await tiles.nth(0).getByTestId("result-open").click();
        await page.keyboard.press("ArrowLeft");
        await expect(page.getByTestId("lightbox-image")).toHaveAttribute("data-image-id", second);
        await page.keyboard.press("Escape");
        await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: "http://127.0.0.1" }]);
        await page.reload();
      });

      await test.step("a deleted image is gone, also after a reload", async () => {
        const removed = await imageIdOf(tiles.nth(2));
        await tiles.nth(2).getByTestId("result-delete").click();
        await page.getByTestId("delete-image-confirm").click();
        await expect(page.getByText("Image deleted successfully")).toBeVisible();
        await expect(tiles).toHaveCount(2);
        await page.reload();
        await expect(tiles).toHaveCount(2);
        await expect(page.locator(`[data-image-id="${removed}"]`)).toHaveCount(0);
      });

      await test.step("the dashboard's tiles open the viewer from the keyboard and offer no edit", async () => {
        await page.goto("/dashboard");
        const recent = page.getByTestId("recent-activity").getByTestId("result-tile");
        await expect(recent).toHaveCount(2);
        await expect(recent.getByTestId("result-edit")).toHaveCount(0);
        await expect(recent.first().getByTestId("result-gallery-link")).toHaveAttribute("href", /^\/gallery\/[0-9a-f-]{36}$/);
        // A tile (a fifth of the page) loads a smaller copy of its image: 256 px, or the 512 px
        // copy the gallery's larger tiles already loaded (Chromium reuses a cached larger one).
        const tileImage = await loadedImage(recent.first().locator("img"));
        expect(tileImage.currentSrc).toMatch(/\/api\/images\/[0-9a-f-]{36}\?w=(256|512)$/);
        expect(tileImage.naturalWidth).toBeLessThanOrEqual(512);
        const opener = recent.first().getByTestId("result-open");
        await opener.focus();
        await page.keyboard.press("Enter");
        const counter = page.getByTestId("lightbox-counter");
        await expect(counter).toHaveText("1 of 2");
        // The viewer shows the full image.
        const viewerImage = await loadedImage(page.getByTestId("lightbox-image").locator("img"));
        expect(viewerImage.currentSrc).toMatch(/\/api\/images\/[0-9a-f-]{36}$/);
        expect(viewerImage.naturalWidth).toBe(viewerImage.storedWidth);
        expect(viewerImage.naturalWidth).toBeGreaterThanOrEqual(tileImage.naturalWidth);
        await page.keyboard.press("ArrowRight");
        await expect(counter).toHaveText("2 of 2");
        await page.keyboard.press("Escape");
        await expect(page.getByTestId("lightbox")).toBeHidden();
        await expect(opener).toBeFocused();
        await recent.first().getByTestId("result-download").focus();
        await expect(page.getByRole("tooltip", { name: "Download" })).toBeVisible();
        const galleryLink = recent.first().getByTestId("result-gallery-link");
        const gallery = await galleryLink.getAttribute("href");
        await markDocument(page);
        await galleryLink.click();
        await expect(page).toHaveURL(new RegExp(`${gallery}$`));
        expect(await isMarkedDocument(page)).toBe(true);
      });

      await test.step("a tile whose image cannot be loaded says so in its place", async () => {
        const smallerCopies = /\/api\/images\/[0-9a-f-]{36}\?w=/;
        await page.route(smallerCopies, (route) => route.abort());
        await page.goto("/dashboard");
        const recent = page.getByTestId("recent-activity").getByTestId("result-tile");
        await expect(recent.first().getByTestId("image-placeholder")).toHaveText("Image unavailable");
        await expect(recent.first().locator("img")).toHaveCount(0);
        await page.unroute(smallerCopies);
      });
    } finally {
      await worker.stop();
    }
  });
});
