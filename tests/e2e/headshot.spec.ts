import { readFile } from "node:fs/promises";
import sharp from "sharp";
import type { BrowserContext, Page } from "@playwright/test";
import { readZip } from "../helpers/read-zip";
import { newEmail, signUpNewAccount } from "./accounts";
import { expect, test } from "./fixtures";
import { dismissToasts, expectCredits, expectResultImageLoaded, expectToast, uploadPhoto } from "./flow-steps";

/**
 * Headshot Pro as a new user goes through it (spec §2, issue #7): the wizard, the free trial,
 * a cash pack bought at the built-in test checkout, the results, and each step's guard.
 * Images come from the preview engine.
 */

/** Ticks exactly `wanted` (at most 5): the grid never lets the last style go or a sixth in. */
async function chooseStyles(page: Page, wanted: readonly number[]): Promise<void> {
  const tile = (id: number) => page.getByTestId(`style-${id}`);
  const isPressed = async (id: number) => (await tile(id).getAttribute("aria-pressed")) === "true";
  const ids = Array.from({ length: 10 }, (_, index) => index + 1);
  const [first, ...rest] = wanted;
  if (first !== undefined && !(await isPressed(first))) {
    // Make room for the first wanted style before unticking the others.
    const unwanted = ids.filter((id) => !wanted.includes(id));
    for (const id of unwanted) if (await isPressed(id)) { await tile(id).click(); break; }
    await tile(first).click();
  }
  for (const id of ids) if (!wanted.includes(id) && (await isPressed(id))) await tile(id).click();
  for (const id of rest) if (!(await isPressed(id))) await tile(id).click();
  for (const id of ids) await expect(tile(id)).toHaveAttribute("aria-pressed", wanted.includes(id) ? "true" : "false");
}

/** Steps 1 to 4 with a real portrait, a woman aged 26–35 and three styles. */
async function completeWizard(page: Page): Promise<void> {
  await page.goto("/headshot-pro");
  await page.getByRole("link", { name: "Create Yours Now" }).first().click();
  await expect(page).toHaveURL(/\/headshot-pro\/step1$/);
  await expect(page.getByTestId("step-indicator")).toHaveText("Step 1 of 4");
  await expect(page.getByTestId("photo-guidelines")).toContainText("Group photos");
  await uploadPhoto(page);
  await page.getByTestId("headshot-continue").click();

  await expect(page.getByTestId("step-indicator")).toHaveText("Step 2 of 4");
  const next = page.getByTestId("headshot-continue");
  await expect(next).toBeDisabled();
  await page.getByTestId("gender-female").click();
  await expect(next).toBeDisabled();
  await page.getByTestId("age-26_35").click();
  await expect(next).toBeEnabled();
  await next.click();

  await expect(page.getByTestId("step-indicator")).toHaveText("Step 3 of 4");
  await expect(page.getByTestId("styles-count")).toHaveText("4 of 5 selected");
  await chooseStyles(page, [1, 3, 8]);
  await expect(page.getByTestId("styles-count")).toHaveText("3 of 5 selected");
  await page.getByTestId("headshot-continue").click();

  await expect(page.getByTestId("step-indicator")).toHaveText("Step 4 of 4");
  await expect(page.getByTestId("review-styles")).toContainText("Corporate / Executive");
  await expect(page.getByTestId("review-styles")).toContainText("Studio Clean");
  await expect(page.getByTestId("review-styles")).toContainText("Outdoor / Natural Light");
  await expect(page.getByTestId("review-gender")).toContainText("Female");
  await expect(page.getByTestId("review-age")).toContainText("26–35");
  await expect(page.getByTestId("headshot-review")).toContainText("2–5 minutes");
}

/** Continue on the one-time purchase screen opens checkout in a new tab; pays there. */
async function buyCashPack(context: BrowserContext, page: Page, packageType: string): Promise<Page> {
  await page.getByTestId(`cash-pack-${packageType}`).click();
  const [checkout] = await Promise.all([context.waitForEvent("page"), page.getByTestId("headshot-continue").click()]);
  await expect(checkout).toHaveURL(/\/checkout\/test\/[0-9a-f-]{36}$/);
  await expect(checkout.getByTestId("test-checkout-item")).toContainText("10 AI headshots");
  await expect(checkout.getByTestId("test-checkout-total")).toHaveText("$9.99");
  await checkout.getByTestId("test-checkout-pay").click();
  return checkout;
}

test.describe("Headshot Pro", () => {
  test("free trial, then a cash pack of 10, Download All, delete and reload", async ({ page, context }) => {
    test.setTimeout(150_000);
    await signUpNewAccount(page, newEmail("headshots"));
    await expectCredits(page, 5);
    await completeWizard(page);

    await test.step("the free trial makes one headshot for 2 credits", async () => {
      await page.getByTestId("headshot-continue").click();
      await expect(page).toHaveURL(/\/headshot-pro\/payment$/);
      await expect(page.getByTestId("step-indicator")).toHaveText("Step 5 of 5");
      const trial = page.getByTestId("package-free_trial");
      await expect(trial).toContainText("TRY FOR FREE");
      await expect(trial).toHaveAttribute("aria-checked", "true");
      await expect(page.getByTestId("package-popular")).toContainText("Most Popular");
      await expect(page.getByTestId("package-popular")).toContainText("Not enough credits");
      await expect(trial).not.toContainText("Not enough credits");
      await page.getByTestId("headshot-generate").click();
      await expect(page).toHaveURL(/\/headshot-pro\/loading\?id=[0-9a-f-]{36}$/);
      await expectToast(page, "Generation completed!", "");
      await expect(page).toHaveURL(/\/headshot-pro\/results\?id=[0-9a-f-]{36}$/, { timeout: 30_000 });
      await expect(page.getByTestId("result-tile")).toHaveCount(1);
      await expectResultImageLoaded(page);
      await expectCredits(page, 3);
      await dismissToasts(page);
    });

    await test.step("the photo left the browser when the generation started (decision 22)", async () => {
      await page.goto("/headshot-pro/step1");
      // Enabled once the draft has been read back: it has no photo any more.
      await expect(page.getByTestId("headshot-continue")).toBeEnabled();
      await expect(page.getByRole("img", { name: "Your uploaded photo" })).toHaveCount(0);
      await uploadPhoto(page);
    });

    await test.step("without the trial, nothing is affordable and Generate leads to the plans", async () => {
      await page.goto("/headshot-pro/payment");
      await expect(page.getByTestId("package-free_trial")).toHaveCount(0);
      await expect(page.getByTestId("package-popular")).toHaveAttribute("aria-checked", "true");
      await expect(page.getByTestId("not-enough-credits")).toHaveCount(3);
      await page.getByTestId("headshot-generate").click();
      await expectToast(page, "Insufficient Credits", "You need 50 credits but only have 3 available.");
      await expect(page).toHaveURL(/\/subscription$/);
      await dismissToasts(page);
    });

    let generationId = "";
    await test.step("a cash pack of 10 is paid at checkout and starts by itself", async () => {
      await page.goto("/headshot-pro/payment");
      await page.getByTestId("one-time-packs").click();
      await expect(page).toHaveURL(/\/headshot-pro\/packs$/);
      await expect(page.getByTestId("cash-pack-25_headshots")).toContainText("$14.99");
      await expect(page.getByTestId("cash-pack-25_headshots")).toContainText("Popular");
      const checkout = await buyCashPack(context, page, "10_headshots");
      await expect(checkout).toHaveURL(/\/activity\?focus=latest$/);
      await expect(checkout.getByTestId("payment-return-banner")).toContainText("Payment confirmed! Your generation is starting...");
      await checkout.close();

      // This tab follows the order from the loading page to its results.
      await expect(page).toHaveURL(/\/headshot-pro\/(loading|results)\?id=[0-9a-f-]{36}$/);
      generationId = new URL(page.url()).searchParams.get("id") ?? "";
      await expect(page).toHaveURL(new RegExp(`/headshot-pro/results\\?id=${generationId}$`), { timeout: 60_000 });
      await expect(page.getByTestId("result-tile")).toHaveCount(10);
      await expect(page.getByTestId("headshot-results-count")).toHaveText("10 headshots are ready to download.");
      await expectCredits(page, 3);
    });

    await test.step("Download All gives headshots.zip with 10 PNG files", async () => {
      const downloadPromise = page.waitForEvent("download");
      await page.getByTestId("download-all").click();
      const download = await downloadPromise;
      expect(download.suggestedFilename()).toBe("headshots.zip");
      const entries = readZip(await readFile(await download.path()));
      expect(entries.map((entry) => entry.name).sort()).toEqual(
        Array.from({ length: 10 }, (_, index) => `headshot_${index + 1}.png`).sort(),
      );
      for (const entry of entries) expect((await sharp(entry.data).metadata()).format).toBe("png");
    });

    await test.step("a deleted shot stays deleted after a reload", async () => {
      await page.getByTestId("result-tile").nth(3).getByTestId("result-delete").click();
      await page.getByTestId("delete-image-confirm").click();
      await expect(page.getByText("Image deleted successfully")).toBeVisible();
      await expect(page.getByTestId("result-tile")).toHaveCount(9);
      await page.reload();
      await expect(page.getByTestId("result-tile")).toHaveCount(9);
      await expect(page.getByTestId("headshot-results-count")).toHaveText("9 headshots are ready to download.");
    });

    await test.step("results come from the server: the bare results page reopens them", async () => {
      await page.goto("/headshot-pro/results");
      await expect(page).toHaveURL(new RegExp(`/headshot-pro/results\\?id=${generationId}$`));
      await expect(page.getByTestId("result-tile")).toHaveCount(9);
      await page.getByTestId("headshot-generate-more").click();
      await expect(page).toHaveURL(/\/headshot-pro$/);
    });
  });

  test("a subscriber short of credits tops up from the package step and returns to step 4", async ({ page, context }) => {
    await signUpNewAccount(page, newEmail("headshot-topup"));
    await page.goto("/subscription");
    const [planCheckout] = await Promise.all([context.waitForEvent("page"), page.getByTestId("choose-plan-starter").click()]);
    await planCheckout.getByTestId("test-checkout-pay").click();
    await expect(planCheckout.getByTestId("payment-return-banner")).toHaveAttribute("data-state", "paid");
    await planCheckout.close();

    await completeWizard(page);
    await page.getByTestId("headshot-continue").click();
    await expectCredits(page, 30);
    // Still eligible for the free trial (no credits used, 5 bonus): the popular pack is a choice.
    await expect(page.getByTestId("package-free_trial")).toHaveAttribute("aria-checked", "true");
    await page.getByTestId("package-popular").click();
    await expect(page.getByTestId("package-popular")).toHaveAttribute("aria-checked", "true");
    await page.getByTestId("headshot-generate").click();
    await expectToast(page, "Insufficient Credits", "You need 50 credits but only have 30 available.");
    const dialog = page.getByTestId("add-credits-dialog");
    await expect(dialog).toBeVisible();
    const [checkout] = await Promise.all([context.waitForEvent("page"), dialog.getByTestId("buy-top-up-30").click()]);
    await checkout.getByTestId("test-checkout-pay").click();
    await expect(checkout).toHaveURL(/\/headshot-pro\/step4$/);
    await expect(checkout.getByTestId("payment-return-banner")).toContainText("Payment successful!");
    await expect(checkout.getByTestId("headshot-review")).toBeVisible();
    await expectCredits(checkout, 60);
  });

  test("each step guards what it needs", async ({ page }) => {
    test.slow(); // the longest journey of the file: sign-up, six guarded addresses, then the wizard
    await signUpNewAccount(page, newEmail("headshot-guards"));

    for (const path of ["/headshot-pro/step2", "/headshot-pro/step3", "/headshot-pro/step4", "/headshot-pro/payment", "/headshot-pro/loading"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/headshot-pro\/step1$/);
      await expectToast(page, "Missing information", "Please complete all steps before proceeding.");
      await dismissToasts(page);
    }
    await page.goto("/headshot-pro/results");
    await expect(page).toHaveURL(/\/headshot-pro$/);

    await page.goto("/headshot-pro/step1");
    await page.getByTestId("headshot-continue").click();
    await expectToast(page, "Image Required", "Please upload an image to continue.");
    await uploadPhoto(page);
    await page.getByTestId("headshot-continue").click();
    await expect(page.getByTestId("headshot-continue")).toBeDisabled();
    await page.getByTestId("age-18_25").click();
    await expect(page.getByTestId("headshot-continue")).toBeDisabled();
    await page.getByTestId("gender-male").click();
    await page.getByTestId("headshot-continue").click();

    await test.step("a sixth style is refused, and so is removing the last", async () => {
      await chooseStyles(page, [1, 2, 3, 4, 5]);
      await page.getByTestId("style-6").click();
      await expectToast(page, "Up to 5 styles", "Remove a style to choose another one.");
      await expect(page.getByTestId("style-6")).toHaveAttribute("aria-pressed", "false");
      await expect(page.getByTestId("styles-count")).toHaveText("5 of 5 selected");
      await dismissToasts(page);
      await chooseStyles(page, [7]);
      await page.getByTestId("style-7").click();
      await expectToast(page, "Styles Required", "Please select at least one style to continue.");
      await expect(page.getByTestId("style-7")).toHaveAttribute("aria-pressed", "true");
    });

    await test.step("the draft survives a reload, photo included", async () => {
      await page.reload();
      await expect(page.getByTestId("styles-count")).toHaveText("1 of 5 selected");
      await page.getByTestId("headshot-continue").click();
      await expect(page.getByTestId("review-gender")).toContainText("Male");
      await expect(page.getByRole("img", { name: "The photo you uploaded" })).toBeVisible();
    });
  });

  test("the wizard in Arabic lays out right to left", async ({ page }) => {
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "ar", url: "http://127.0.0.1" }]);
    await signUpNewAccount(page, newEmail("headshot-ar"));
    await page.goto("/headshot-pro/step1");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("step-indicator")).toContainText("1");
    await uploadPhoto(page, undefined, "الصورة التي رفعتها");
    await page.getByTestId("headshot-continue").click();
    await page.getByTestId("gender-female").click();
    await page.getByTestId("age-36_45").click();
    await expect(page.getByTestId("age-36_45")).toContainText("36–45 سنة");

    // Right to left: Back sits to the right of Continue, and the first age range on the right.
    const back = await page.getByTestId("headshot-back").boundingBox();
    const next = await page.getByTestId("headshot-continue").boundingBox();
    expect(back && next && back.x > next.x).toBe(true);
    const first = await page.getByTestId("age-below_18").boundingBox();
    const second = await page.getByTestId("age-18_25").boundingBox();
    expect(first && second && first.x > second.x).toBe(true);

    await page.getByTestId("headshot-continue").click();
    await expect(page.getByTestId("style-1")).toContainText("رسمي / تنفيذي");
    await page.getByTestId("headshot-continue").click();
    await expect(page.getByTestId("headshot-review")).toContainText("أنشئ صوري الشخصية");
  });
});
