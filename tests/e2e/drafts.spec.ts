import { fillSignInForm, newEmail, signOutThroughMenu, signUpNewAccount } from "./accounts";
import { storedDraftPhotoKeys } from "./draft-photos";
import { expect, test } from "./fixtures";
import {
  dismissToasts,
  expectCredits,
  expectResultImageLoaded,
  expectToast,
  generateAndWaitForResults,
  hairChangerToReview,
  headshotToReview,
  uploadPhoto,
} from "./flow-steps";

/**
 * Issue 19 item 1: a draft's photo is kept in the browser (IndexedDB, decision 22), so a reload,
 * the detour to buy credits and the checkout tab lose nothing, and the user comes back to the
 * step they left. It goes on sign-out and once a generation starts.
 */

const reviewPhoto = "The photo you uploaded";
const uploadedPhoto = "Your uploaded photo";


test.describe("a draft's photo", () => {
  test("survives a reload of every tool's steps", async ({ page }) => {
    test.setTimeout(120_000);
    await signUpNewAccount(page, newEmail("draft-reload"));

    await hairChangerToReview(page);
    await page.reload();
    await expect(page.getByRole("img", { name: reviewPhoto })).toBeVisible();
    await expect(page.getByTestId("review-style")).toContainText("Classic Short");

    await page.goto("/body-shaper/step1");
    await uploadPhoto(page);
    await page.getByTestId("gender-female").click();
    await page.getByTestId("look-hourglassFigure").click();
    await page.reload();
    await expect(page.getByRole("img", { name: uploadedPhoto })).toBeVisible();
    await page.getByTestId("flow-continue").click();
    await expect(page).toHaveURL(/\/body-shaper\/step2$/);
    await page.reload();
    await expect(page.getByRole("img", { name: reviewPhoto })).toBeVisible();

    await page.goto("/ai-product/step1");
    await uploadPhoto(page);
    await page.getByTestId("flow-prompt").fill("On a wooden desk");
    await page.getByTestId("flow-continue").click();
    await expect(page).toHaveURL(/\/ai-product\/step2$/);
    await page.reload();
    await expect(page.getByRole("img", { name: reviewPhoto })).toBeVisible();

    await headshotToReview(page);
    await page.reload();
    await expect(page.getByTestId("headshot-review")).toBeVisible();
    await expect(page.getByRole("img", { name: reviewPhoto })).toBeVisible();

    // Each tool keeps its own photo; none of them went to local storage.
    expect((await storedDraftPhotoKeys(page)).sort()).toEqual(["ai_product", "body_shaper", "hair_changer", "headshot_pro"]);
    const localStorageText = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
    expect(localStorageText).not.toContain("data:image");
  });

  test("comes back after buying a plan in the checkout tab, on the step the user left", async ({ page, context }) => {
    test.setTimeout(150_000);
    await signUpNewAccount(page, newEmail("draft-detour"));
    await hairChangerToReview(page);

    // Two generations use 4 of the 5 credits; the photo leaves the disk as each one starts.
    for (let round = 0; round < 2; round += 1) {
      await generateAndWaitForResults(page, "hair-changer", /^Generate \(2 credits\)$/);
      await expect.poll(() => storedDraftPhotoKeys(page)).toEqual([]);
      await hairChangerToReview(page);
    }
    await expect(page.getByTestId("review-credits-short")).toHaveText(
      "You have 1 credit. Generate takes you to get more, and this draft stays saved.",
    );
    await page.getByTestId("flow-generate").click();
    await expectToast(page, "Insufficient Credits", "You need 2 credits but only have 1 available.");
    await expect(page).toHaveURL(/\/subscription$/);
    // Going to buy credits keeps it on disk again, with the way back.
    await expect.poll(() => storedDraftPhotoKeys(page)).toEqual(["hair_changer"]);
    const resume = page.getByTestId("resume-draft");
    await expect(resume).toContainText("Your Hair Changer draft is saved");
    await expect(resume.getByRole("img", { name: "The photo of your draft" })).toBeVisible();
    await dismissToasts(page);

    const [checkout] = await Promise.all([context.waitForEvent("page"), page.getByTestId("choose-plan-pro").click()]);
    await checkout.getByTestId("test-checkout-pay").click();
    await expect(checkout).toHaveURL(/\/subscription$/);
    await expect(checkout.getByTestId("payment-return-banner")).toHaveAttribute("data-state", "paid");
    await expectCredits(checkout, 151);

    // The checkout tab shares the draft: back to the review, photo and choices included.
    await checkout.getByTestId("resume-draft-continue").click();
    await expect(checkout).toHaveURL(/\/hair-changer\/step2$/);
    await expect(checkout.getByRole("img", { name: reviewPhoto })).toBeVisible();
    await expect(checkout.getByTestId("review-style")).toContainText("Classic Short");
    await checkout.getByTestId("flow-generate").click();
    await expect(checkout).toHaveURL(/\/hair-changer\/results\?id=/, { timeout: 30_000 });
    await expectResultImageLoaded(checkout);
    await expectCredits(checkout, 149);
    // Generation started: the photo is gone from the disk, the draft reset, the way back too.
    await expect.poll(() => storedDraftPhotoKeys(checkout)).toEqual([]);
    await checkout.goto("/subscription");
    await expect(checkout.getByTestId("payment-return-banner")).toHaveCount(0);
    await expect(checkout.getByTestId("current-plan-card")).toBeVisible();
    await expect(checkout.getByTestId("resume-draft")).toHaveCount(0);
  });

  test("a non-subscriber's headshot package goes to the plans and back to the package step", async ({ page }) => {
    await signUpNewAccount(page, newEmail("draft-headshot"));
    await headshotToReview(page);
    await page.getByTestId("headshot-continue").click();
    await expect(page).toHaveURL(/\/headshot-pro\/payment$/);
    await page.getByTestId("package-popular").click();
    await page.getByTestId("headshot-generate").click();
    await expect(page).toHaveURL(/\/subscription$/);

    await page.reload();
    await page.getByTestId("resume-draft-continue").click();
    await expect(page).toHaveURL(/\/headshot-pro\/payment$/);
    await expect(page.getByTestId("package-popular")).toHaveAttribute("aria-checked", "true");
  });

  test("is cleared on sign-out", async ({ page }) => {
    const email = await signUpNewAccount(page, newEmail("draft-signout"));
    await page.goto("/body-shaper/step1");
    await uploadPhoto(page);
    await page.goto("/headshot-pro/step1");
    await uploadPhoto(page);
    await expect.poll(() => storedDraftPhotoKeys(page).then((keys) => keys.sort())).toEqual(["body_shaper", "headshot_pro"]);

    await signOutThroughMenu(page);
    expect(await storedDraftPhotoKeys(page)).toEqual([]);

    await page.goto("/auth");
    await fillSignInForm(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/body-shaper/step1");
    await expect(page.getByTestId("flow-continue")).toBeEnabled();
    await expect(page.getByRole("img", { name: uploadedPhoto })).toHaveCount(0);
  });
});
