import type { Locator, Page } from "@playwright/test";
import { newEmail, signUpNewAccount } from "./accounts";
import { expect, test } from "./fixtures";
import { dismissToasts, generateAndWaitForResults, hairChangerToReview, uploadPhoto } from "./flow-steps";

/**
 * Issue 19 item 4: a generation whose images are all deleted leaves Recent Activity and the
 * dashboard, whether the last image went from its results page or from the dashboard, and its
 * gallery says 'All images deleted' instead of an empty card.
 */

async function deleteTile(page: Page, tile: Locator): Promise<void> {
  await tile.getByTestId("result-delete").click();
  await page.getByTestId("delete-image-confirm").click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Image deleted successfully" })).toBeVisible();
  await dismissToasts(page);
}

test("deleting a generation's last image, from its results page or the dashboard, removes it everywhere", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpNewAccount(page, newEmail("delete-last"));

  await hairChangerToReview(page);
  const hairId = await generateAndWaitForResults(page, "hair-changer", /^Generate \(2 credits\)$/);
  await page.goto("/ai-product/step1");
  await uploadPhoto(page);
  await page.getByTestId("flow-prompt").fill("On a marble countertop");
  await page.getByTestId("flow-continue").click();
  const productId = await generateAndWaitForResults(page, "ai-product", /^Generate \(2 credits\)$/);

  await page.goto("/activity");
  await expect(page.getByTestId("generated-card")).toHaveCount(2);

  await test.step("a generation opened at another tool's address goes to its own tool's page", async () => {
    await page.goto(`/ai-product/results?id=${hairId}`);
    await expect(page).toHaveURL(new RegExp(`/hair-changer/results\\?id=${hairId}$`));
    await expect(page.getByTestId("result-tile")).toHaveCount(1);
    await page.goto(`/hair-changer/loading?id=${productId}`);
    await expect(page).toHaveURL(new RegExp(`/ai-product/(loading|results)\\?id=${productId}$`));
  });

  await test.step("from the results page: the page says so, activity and the gallery agree", async () => {
    await page.goto(`/hair-changer/results?id=${hairId}`);
    await deleteTile(page, page.getByTestId("result-tile"));
    const empty = page.getByTestId("results-empty");
    await expect(empty).toHaveAttribute("data-state", "all-deleted");
    await expect(empty).toContainText("All images deleted");
    await expect(page.getByTestId("result-banner")).toHaveCount(0);

    await page.goto("/activity");
    await expect(page.getByTestId("generated-card")).toHaveCount(1);
    await expect(page.locator(`[data-generation-id="${hairId}"]`)).toHaveCount(0);
    await page.goto(`/gallery/${hairId}`);
    await expect(page.getByTestId("gallery-all-deleted")).toContainText("All images deleted");
    await expect(page.getByTestId("gallery-all-deleted")).toContainText("no longer appears in your activity");
  });

  await test.step("from the dashboard: the same, and nothing is left to show", async () => {
    await page.goto("/dashboard");
    const tiles = page.getByTestId("recent-activity").getByTestId("result-tile");
    await expect(tiles).toHaveCount(1);
    await deleteTile(page, tiles.first());
    await expect(page.getByTestId("recent-activity-empty")).toBeVisible();

    await page.goto("/activity");
    await expect(page.getByTestId("generated-card")).toHaveCount(0);
    await expect(page.getByTestId("activity-empty")).toBeVisible();
    await page.goto(`/gallery/${productId}`);
    await expect(page.getByTestId("gallery-all-deleted")).toBeVisible();
    await page.goto(`/ai-product/results?id=${productId}`);
    await expect(page.getByTestId("results-empty")).toHaveAttribute("data-state", "all-deleted");
  });
});
