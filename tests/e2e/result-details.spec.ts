import type { Download, Page } from "@playwright/test";
import { newEmail, signUpNewAccount } from "./accounts";
import { expect, test } from "./fixtures";
import { expectCredits, expectResultImageLoaded, headshotToReview } from "./flow-steps";

/**
 * Issue 19 item 6: an edited headshot downloads under a name of its own, a greyed-out Edit says
 * why (pointer, keyboard and touch), and the activity chips fit a 390 px screen.
 */

async function downloadFrom(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  return download;
}

test("an edited headshot gets its own file name, and Edit below 2 credits explains itself", async ({ page, browser, context }) => {
  test.setTimeout(180_000);
  await signUpNewAccount(page, newEmail("edit-names"));
  await headshotToReview(page);
  await page.getByTestId("headshot-continue").click();
  await page.getByTestId("headshot-generate").click();
  await expect(page).toHaveURL(/\/headshot-pro\/results\?id=/, { timeout: 30_000 });
  await expectResultImageLoaded(page);
  await expectCredits(page, 3);

  const tiles = page.getByTestId("result-tile");
  const original = await downloadFrom(page, () => tiles.first().getByTestId("result-download").click());
  expect(original.suggestedFilename()).toBe("headshot_1.png");

  await tiles.first().getByTestId("result-edit").click();
  const dialog = page.getByTestId("edit-dialog");
  await dialog.getByTestId("edit-prompt").fill("make it blue");
  await dialog.getByTestId("edit-apply").click();
  await expect(dialog.getByTestId("edit-result")).toBeVisible({ timeout: 30_000 });
  const edited = await downloadFrom(page, () => dialog.getByTestId("edit-result-download").click());
  expect(edited.suggestedFilename()).toMatch(/^headshot_edit_[0-9a-f]{8}\.(jpg|png)$/);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  // The edit joined the page; its tile downloads under the same name as in the dialog.
  await expect(tiles).toHaveCount(2);
  const editedTile = page.locator('[data-testid="result-tile"][data-edit-depth="1"]');
  const fromTile = await downloadFrom(page, () => editedTile.getByTestId("result-download").click());
  expect(fromTile.suggestedFilename()).toBe(edited.suggestedFilename());
  await expectCredits(page, 1);

  await test.step("below 2 credits Edit is greyed out and says why, from the keyboard", async () => {
    const edit = tiles.first().getByTestId("result-edit");
    await expect(edit).toHaveAttribute("aria-disabled", "true");
    await expect(edit).toHaveAccessibleDescription("Editing needs 2 credits");
    await edit.focus();
    await expect(page.getByRole("tooltip")).toHaveText("Editing needs 2 credits");
    await page.keyboard.press("Enter");
    const hint = page.getByTestId("result-edit-hint");
    await expect(hint).toContainText("Editing an image costs 2 credits, more than you have left.");
    await expect(hint.getByRole("link", { name: "Get credits" })).toHaveAttribute("href", "/subscription");
    await expect(dialog).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(hint).toBeHidden();
  });

  await test.step("and from a touch screen", async () => {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      storageState: await context.storageState(),
    });
    try {
      const mobile = await phone.newPage();
      await mobile.goto(page.url());
      // aria-disabled: Playwright would wait for it to become enabled; a finger does not.
      await mobile.getByTestId("result-tile").first().getByTestId("result-edit").tap({ force: true });
      await expect(mobile.getByTestId("result-edit-hint")).toContainText("Editing an image costs 2 credits");
      await mobile.getByTestId("result-edit-hint").getByRole("link", { name: "Get credits" }).tap();
      await expect(mobile).toHaveURL(/\/subscription$/);
    } finally {
      await phone.close();
    }
  });
});

test("the activity chips all fit a 390 px screen, in English and in Arabic", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpNewAccount(page, newEmail("chips"));
  for (const locale of ["en", "ar"]) {
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: "http://127.0.0.1" }]);
    await page.goto("/activity");
    const filters = page.locator('[data-testid^="category-chip-"]');
    await expect(filters).toHaveCount(5);
    for (const chip of await filters.all()) {
      const box = await chip.boundingBox();
      expect(box, (await chip.textContent()) ?? "").not.toBeNull();
      if (box) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});
