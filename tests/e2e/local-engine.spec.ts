import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { blurred, darkened, downscaled, fixturePhoto, realPhotos, wearingGlasses } from "../helpers/real-photos";
import { signUpNewAccount } from "./accounts";
import { expect, test } from "./fixtures";
import { completeHeadshotWizard, expectCredits, expectResultImageLoaded, expectToast, fullLengthPhoto, portraitPhoto, uploadPhoto } from "./flow-steps";

/**
 * Every tool on the default engine (the local engine, decision 21) with real public-domain
 * photos, in Chromium: the photo check's messages at upload and review, the styles it cannot
 * draw marked and refused, real results with the banner saying they were made on this server,
 * and an edit it does not understand refused before credits are taken.
 */

const busyProductPhoto = path.join(process.cwd(), "tests/fixtures/photos/espresso-cup-wood-table.jpg");
const noProductPhoto = path.join(process.cwd(), "tests/fixtures/photos/gravel-no-object.jpg");
const catPhoto = path.join(process.cwd(), "public/examples/chelsea-the-cat.jpg");
const webcamPhoto = path.join(process.cwd(), "tests/fixtures/photos/webcam-eriberto-45.jpg");

async function photoFile(name: string, bytes: Promise<Buffer>): Promise<string> {
  const file = path.join(os.tmpdir(), `local-engine-e2e-${name}.jpg`);
  await writeFile(file, await bytes);
  return file;
}

/** Generate on step 2, then the loading page, then the results page (real image work: up to a minute). */
async function generate(page: Page, slug: string, label: RegExp): Promise<void> {
  await page.getByRole("button", { name: label }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/loading\\?id=[0-9a-f-]{36}$`));
  await expect(page).toHaveURL(new RegExp(`/${slug}/results\\?id=[0-9a-f-]{36}$`), { timeout: 120_000 });
  await expectResultImageLoaded(page);
}

test.describe("the local engine, end to end", () => {
  test("Headshot Pro: the photo check refuses a cat, a group, a distant face, a blurred portrait and sunglasses, warns about a webcam frame, then a portrait makes a real headshot", async ({
    page,
  }) => {
    await signUpNewAccount(page);
    await page.goto("/headshot-pro/step1");

    await uploadPhoto(page, catPhoto);
    await expect(page.getByTestId("photo-check-blocking")).toContainText("We couldn't find a face.");
    await page.getByTestId("headshot-continue").click();
    await expectToast(page, "This photo won't work", "We couldn't find a face.");
    await expect(page).toHaveURL(/\/headshot-pro\/step1$/);

    await uploadPhoto(page, await photoFile("group", realPhotos.groupOfTwo()));
    await expect(page.getByTestId("photo-problem-severalFaces")).toHaveText("There are several faces in this photo. Upload a photo of just you.");

    // A distant person beside a smaller bystander: too small, not "several faces" (issue 36).
    await uploadPhoto(page, await photoFile("distant", realPhotos.distantInScene()));
    await expect(page.getByTestId("photo-problem-faceTooSmall")).toContainText("Use a photo taken closer");
    await expect(page.getByTestId("photo-problem-severalFaces")).toHaveCount(0);
    await page.getByTestId("headshot-continue").click();
    await expectToast(page, "This photo won't work", "Your face is too small in this photo");
    await expect(page).toHaveURL(/\/headshot-pro\/step1$/);

    // A blurred portrait is said to be blurred, never to show several faces.
    await uploadPhoto(page, await photoFile("blurred", blurred(await realPhotos.portrait(), 5)));
    await expect(page.getByTestId("photo-check-blocking")).toContainText("This photo is too blurry");
    await expect(page.getByTestId("photo-problem-severalFaces")).toHaveCount(0);

    // Eyes behind sunglasses: a headshot would keep them, so the photo is refused with what to do.
    await uploadPhoto(page, await photoFile("sunglasses", wearingGlasses("portrait", "dark")));
    await expect(page.getByTestId("photo-problem-eyesHidden")).toContainText("take off sunglasses");
    await page.getByTestId("headshot-continue").click();
    await expectToast(page, "This photo won't work", "Your eyes are hidden in this photo");
    await expect(page).toHaveURL(/\/headshot-pro\/step1$/);

    await uploadPhoto(page, await photoFile("dark", darkened(await realPhotos.portrait())));
    await expect(page.getByTestId("photo-check-warning")).toContainText("The photo is quite dark.");
    await expect(page.getByTestId("photo-check-warning")).toContainText("You can continue anyway.");

    // A warning lets the user continue anyway: a small webcam frame goes on to step 2.
    await uploadPhoto(page, webcamPhoto);
    await expect(page.getByTestId("photo-problem-faceTooSmall")).toHaveText("Your face is small in this photo. A closer photo gives sharper results.");
    await expect(page.getByTestId("photo-check-warning")).toContainText("You can continue anyway.");
    await page.getByTestId("headshot-continue").click();
    await expect(page.getByTestId("step-indicator")).toHaveText("Step 2 of 4");
    await page.goto("/headshot-pro/step1");

    await uploadPhoto(page, portraitPhoto);
    await expect(page.getByTestId("photo-check-good")).toHaveText("Your photo looks good.");
    await page.getByTestId("headshot-continue").click();
    await page.getByTestId("gender-female").click();
    await page.getByTestId("age-36_45").click();
    await page.getByTestId("headshot-continue").click();
    // Each step's own Continue: a second click before step 3 shows would land on step 2's.
    await expect(page.getByTestId("step-indicator")).toHaveText("Step 3 of 4");
    await page.getByTestId("headshot-continue").click();
    await expect(page.getByTestId("headshot-review")).toBeVisible();
    await expect(page.getByTestId("photo-check-good")).toBeVisible();
    await page.getByTestId("headshot-continue").click();
    await expect(page).toHaveURL(/\/headshot-pro\/payment$/);
    await expect(page.getByTestId("local-engine-notice")).toContainText("your photos never leave it");
    await page.getByTestId("headshot-generate").click();
    await expect(page).toHaveURL(/\/headshot-pro\/results\?id=[0-9a-f-]{36}$/, { timeout: 120_000 });
    await expect(page.getByTestId("result-tile")).toHaveCount(1);
    await expectResultImageLoaded(page);
    // A headshot is 4:5 and not the uploaded photo (800 × 800).
    const size = await page.getByTestId("result-tile").first().locator("img").evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
    expect(size[0]! / size[1]!).toBeCloseTo(0.8, 2);
    await expect(page.getByTestId("local-engine-notice")).toBeVisible();
    await expectCredits(page, 3);
  });

  test("Headshot Pro: a photo refused at step 1 never reaches payment; reached by the address bar, Generate and a cash pack are refused uncharged", async ({
    page,
    context,
  }) => {
    await signUpNewAccount(page);
    await completeHeadshotWizard(page);

    // Back at step 1, a photo in sunglasses replaces the good one: the way on is closed there...
    await page.goto("/headshot-pro/step1");
    await uploadPhoto(page, await photoFile("sunglasses-payment", wearingGlasses("headClose", "dark")));
    await expect(page.getByTestId("photo-problem-eyesHidden")).toBeVisible();
    await page.getByTestId("headshot-continue").click();
    await expect(page).toHaveURL(/\/headshot-pro\/step1$/);

    // ...and the server refuses it when the payment page is reached by its address.
    await page.goto("/headshot-pro/payment");
    await expectCredits(page, 5);
    await page.getByTestId("headshot-generate").click();
    await expectToast(page, "", "Your eyes are hidden in this photo, perhaps by sunglasses. Please upload a photo where your eyes can be seen. Nothing was charged.");
    await expect(page).toHaveURL(/\/headshot-pro\/payment$/);
    await expectCredits(page, 5);

    // A cash pack is refused before its checkout opens: no order waits for a payment.
    await page.goto("/headshot-pro/packs");
    await page.getByTestId("headshot-continue").click();
    await expectToast(page, "", "Your eyes are hidden in this photo");
    await expect(page).toHaveURL(/\/headshot-pro\/packs$/);
    await expect.poll(() => context.pages().length).toBe(1);
    await page.goto("/activity");
    await expect(page.getByTestId("activity-empty")).toBeVisible();
  });

  test("Hair Changer: cuts are marked and cannot be chosen; a colour is painted; an unknown edit is refused uncharged", async ({ page }) => {
    await signUpNewAccount(page);
    await page.goto("/hair-changer/step1");
    await uploadPhoto(page);
    await expect(page.getByTestId("photo-check-good")).toBeVisible();
    await page.getByTestId("gender-female").click();
    await expect(page.getByTestId("look-pixieCut")).toBeDisabled();
    await expect(page.getByTestId("look-pixieCut")).toContainText("AI engine");
    await expect(page.getByTestId("look-ai-engine-note")).toBeVisible();
    await page.getByTestId("look-custom").click();
    await page.getByTestId("custom-prompt-input").fill("curly bob");
    await expect(page.getByTestId("custom-prompt-not-understood")).toBeVisible();
    await page.getByTestId("custom-prompt-input").fill("copper red");
    await expect(page.getByTestId("custom-prompt-understood")).toBeVisible();
    await page.getByTestId("back-to-styles").click();
    await page.getByTestId("look-redhead").click();
    await page.getByTestId("flow-continue").click();
    await expect(page.getByTestId("flow-review")).toBeVisible();
    await generate(page, "hair-changer", /^Generate \(2 credits\)$/);
    await expect(page.getByTestId("result-banner")).toContainText("Female · Redhead");
    await expect(page.getByTestId("result-local-engine")).toHaveText("Made on this server with on-device models. Your photo never left it.");
    await expectCredits(page, 3);

    await page.getByTestId("result-tile").first().getByTestId("result-edit").click();
    const dialog = page.getByTestId("edit-dialog");
    await dialog.getByTestId("edit-prompt").fill("add a hat");
    await dialog.getByTestId("edit-apply").click();
    // Said once, in the dialog: why, and what the engine can do instead; no "try again", no toast.
    const refusal = dialog.getByTestId("edit-failure");
    await expect(refusal).toContainText("can't make that edit, so nothing was charged");
    await expect(refusal).toContainText("blur or remove the background");
    await expect(refusal).not.toContainText("try again");
    await page.waitForTimeout(500);
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: /edit/i })).toHaveCount(0);
    await expectCredits(page, 3);
    await dialog.getByTestId("edit-prompt").fill("make it warmer");
    await dialog.getByTestId("edit-apply").click();
    await expect(dialog.getByTestId("edit-result")).toBeVisible({ timeout: 120_000 });
    await expectCredits(page, 1);
  });

  test("Body Shaper: a head-and-shoulders portrait is refused at step 1; a contour change from the pose; muscle looks are marked", async ({ page }) => {
    await signUpNewAccount(page);
    await page.goto("/body-shaper/step1");
    await uploadPhoto(page, portraitPhoto);
    await expect(page.getByTestId("photo-problem-noBody")).toContainText("Upload a photo that shows your upper body down to the hips.", { timeout: 60_000 });
    await uploadPhoto(page, fullLengthPhoto);
    await expect(page.getByTestId("photo-check-good")).toBeVisible();
    await page.getByTestId("gender-male").click();
    await expect(page.getByTestId("look-sixPackAbs")).toBeDisabled();
    await page.getByTestId("look-vTaper").click();
    await page.getByTestId("flow-continue").click();
    await generate(page, "body-shaper", /^Generate Body Shape$/);
    await expect(page.getByTestId("result-banner")).toContainText("Male · V-Taper");
    await expect(page.getByTestId("result-local-engine")).toBeVisible();
    await expectCredits(page, 3);
  });

  test("AI Product: a cup on a wooden table is cut out and stands in the marble scene, none of the table around it", async ({ page }) => {
    await signUpNewAccount(page);
    await page.goto("/ai-product/step1");
    await uploadPhoto(page, busyProductPhoto);
    // The first check of a server loads OpenCV's WebAssembly into the engine's process.
    await expect(page.getByTestId("photo-check-good")).toContainText("it will be cut out and placed in your scene", { timeout: 60_000 });
    await page.getByTestId("flow-prompt").fill("on a white marble countertop with soft morning light");
    await page.getByTestId("dimension-square").click();
    await page.getByTestId("flow-continue").click();
    await expect(page.getByText("Whole photo as a framed print")).toHaveCount(0);
    await generate(page, "ai-product", /^Generate \(2 credits\)$/);
    await expect(page.getByTestId("result-banner")).toContainText("Your image is ready in high resolution.");
    await expect(page.getByTestId("result-banner")).not.toContainText("framed print");
    // The stored image, which the tile's `src` names (the tile itself shows a smaller copy).
    const result = await page
      .getByTestId("result-tile")
      .first()
      .locator("img")
      .evaluate(async (image: HTMLImageElement) => {
        const bitmap = await createImageBitmap(await (await fetch(image.src)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext("2d")!;
        context.drawImage(bitmap, 0, 0);
        const luma = (x: number, y: number) => {
          const [r, g, b] = context.getImageData(x, y, 1, 1).data;
          return 0.299 * r! + 0.587 * g! + 0.114 * b!;
        };
        // Across the cup's middle, beside it: the light marble scene, not the dark wooden table.
        const row = Math.round(bitmap.height * 0.45);
        const beside = [0.04, 0.08, 0.12, 0.88, 0.92, 0.96].map((share) => luma(Math.round(bitmap.width * share), row));
        return { size: [bitmap.width, bitmap.height], beside };
      });
    expect(result.size).toEqual([1024, 1024]);
    for (const value of result.beside) expect(value).toBeGreaterThan(150);
    await expectCredits(page, 3);
  });

  test("AI Product: a photo with no clear product is said at step 1, a selfie is pointed to Headshot Pro, a tiny product asks for a closer photo; the framed print is made only when chosen", async ({ page }) => {
    await signUpNewAccount(page);
    await page.goto("/ai-product/step1");
    await uploadPhoto(page, noProductPhoto);
    const notice = page.getByTestId("photo-check-blocking");
    await expect(notice).toContainText("This photo won't give a clean cut-out", { timeout: 60_000 });
    await expect(notice).toContainText("doesn't stand out clearly enough from its background");
    await page.getByTestId("flow-prompt").fill("on a marble countertop");
    await page.getByTestId("flow-continue").click();
    await expectToast(page, "This photo won't work", "doesn't stand out clearly enough");
    await expect(page).toHaveURL(/\/ai-product\/step1$/);
    await expectCredits(page, 5);

    // A selfie is a portrait, not a product: pointed to Headshot Pro, with no framed print to fall back on.
    await page.getByTestId("product-choose-photo").click();
    await uploadPhoto(page, portraitPhoto);
    await expect(page.getByTestId("photo-problem-portraitNotProduct")).toContainText("This looks like a portrait, not a product.", { timeout: 60_000 });
    await expect(page.getByTestId("product-go-headshots")).toHaveAttribute("href", "/headshot-pro");
    await expect(page.getByTestId("product-use-framed")).toHaveCount(0);
    await page.getByTestId("flow-continue").click();
    await expectToast(page, "This photo won't work", "This looks like a portrait");
    await expect(page).toHaveURL(/\/ai-product\/step1$/);

    // A product far too small in its photo for a sharp shot asks for another photo; a little small, it only warns.
    const cup = fixturePhoto("espresso-cup-white-paper");
    await page.getByTestId("product-choose-photo").click();
    await uploadPhoto(page, await photoFile("tiny-cup", downscaled(await cup, 160)));
    await expect(page.getByTestId("photo-problem-productTooSmall")).toContainText("The product is too small in this photo", { timeout: 60_000 });
    await expect(page.getByTestId("product-use-framed")).toHaveCount(0);
    await page.getByTestId("flow-continue").click();
    await expectToast(page, "This photo won't work", "The product is too small in this photo");
    await page.getByTestId("product-choose-photo").click();
    await uploadPhoto(page, await photoFile("small-cup", downscaled(await cup, 400)));
    await expect(page.getByTestId("photo-check-warning")).toContainText("The product is small in this photo", { timeout: 60_000 });
    await expect(page.getByTestId("photo-check-warning")).toContainText("You can continue anyway.");

    await uploadPhoto(page, noProductPhoto);
    await expect(page.getByTestId("photo-problem-productNotClear")).toBeVisible({ timeout: 60_000 });
    await page.getByTestId("product-use-framed").click();
    await expect(page.getByTestId("product-framed-chosen")).toContainText("shown as a framed print in the scene");
    await page.getByTestId("flow-continue").click();
    await expect(page).toHaveURL(/\/ai-product\/step2$/);
    await expect(page.getByText("Whole photo as a framed print")).toBeVisible();
    await generate(page, "ai-product", /^Generate \(2 credits\)$/);
    await expect(page.getByTestId("result-banner")).toContainText("As you chose at step 1, your whole photo is shown as a framed print in the scene.");
    await expect(page.getByTestId("result-local-engine")).toBeVisible();
    await expectCredits(page, 3);
  });
});
