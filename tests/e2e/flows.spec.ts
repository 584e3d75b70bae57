import { randomUUID } from "node:crypto";
import { fakesURL, mailAppURL } from "../../playwright.config";
import { newEmail, signUpNewAccount } from "./accounts";
import { expect, test } from "./fixtures";
import {
  dismissToasts,
  elevenWords,
  expectCredits,
  expectResultImageLoaded,
  expectToast,
  fullLengthPhoto,
  generateAndWaitForResults,
  tenWords,
  uploadPhoto,
} from "./flow-steps";

/**
 * AI Product, Hair Changer and Body Shaper (issue 8) as a new user goes through them, on the
 * preview engine; the failure case runs on the "accounts-mail" server, whose Body Shaper engine
 * is a webhook that always fails (playwright.config.ts).
 */

test.describe("successful generations", () => {
  test("AI Product: upload, an example prompt, portrait, generate; the result survives a reload", async ({ page }) => {
    await signUpNewAccount(page);
    await page.goto("/ai-product/step1");
    await expect(page.getByTestId("step-indicator")).toHaveText("Step 1 of 2");
    await expect(page.getByRole("heading", { name: "Upload & Describe" })).toBeVisible();
    await uploadPhoto(page);
    await page.getByTestId("flow-example-prompt").first().click();
    await expect(page.getByTestId("flow-prompt")).toHaveValue("On a marble countertop with soft morning light");
    await expect(page.getByTestId("dimension-landscape")).toContainText("16:9");
    await page.getByTestId("dimension-portrait").click();
    await expect(page.getByTestId("dimension-portrait")).toHaveAttribute("aria-checked", "true");
    await page.getByTestId("flow-continue").click();

    await expect(page).toHaveURL(/\/ai-product\/step2$/);
    await expect(page.getByTestId("step-indicator")).toHaveText("Step 2 of 2");
    await expect(page.getByTestId("review-dimension")).toContainText("Portrait (3:4)");
    await expect(page.getByTestId("review-prompt")).toContainText("marble countertop");
    await expect(page.getByTestId("preview-engine-notice")).toBeVisible();
    const id = await generateAndWaitForResults(page, "ai-product", /^Generate \(2 credits\)$/);

    await expect(page.getByRole("heading", { name: "Your AI Product Image" })).toBeVisible();
    await expect(page.getByTestId("result-banner")).toContainText("high resolution");
    await expect(page.getByTestId("result-edit")).toBeEnabled();
    await expectCredits(page, 3);

    await page.reload();
    await expectResultImageLoaded(page);
    // Local storage remembers the last result of the tool.
    await page.goto("/ai-product/results");
    await expect(page).toHaveURL(new RegExp(`/ai-product/results\\?id=${id}$`));
    await page.getByRole("link", { name: "Generate More Images" }).click();
    await expect(page).toHaveURL(/\/ai-product\/step1$/);
    await expect(page.getByTestId("flow-prompt")).toHaveValue("");
  });

  test("Hair Changer: a male style; the banner names gender and style", async ({ page }) => {
    await signUpNewAccount(page);
    await page.goto("/hair-changer/step1");
    await expect(page.getByRole("heading", { name: "Upload & Style" })).toBeVisible();
    await uploadPhoto(page);
    await page.getByTestId("gender-male").click();
    await page.getByTestId("look-classicShort").click();
    await expect(page.getByTestId("look-classicShort")).toHaveAttribute("aria-checked", "true");
    await page.getByTestId("flow-continue").click();

    await expect(page.getByRole("heading", { name: "Review & Generate" })).toBeVisible();
    await expect(page.getByTestId("review-gender")).toContainText("Male");
    await expect(page.getByTestId("review-style")).toContainText("Classic Short");
    await expect(page.getByTestId("flow-review")).toContainText("30–60 seconds");
    await generateAndWaitForResults(page, "hair-changer", /^Generate \(2 credits\)$/);

    await expect(page.getByRole("heading", { name: "Your New Hairstyle" })).toBeVisible();
    await expect(page.getByTestId("result-banner")).toContainText("Male · Classic Short");
    await expect(page.getByTestId("result-banner")).not.toContainText("custom touches");
    await expectCredits(page, 3);
    await page.getByRole("link", { name: "Try Different Hairstyle" }).click();
    await expect(page).toHaveURL(/\/hair-changer\/step1$/);
    await expect(page.getByTestId("gender-male")).toHaveAttribute("aria-checked", "false");
  });

  test("Body Shaper: a custom prompt, then too few credits send a non-subscriber to the plans", async ({ page }) => {
    await signUpNewAccount(page);
    await page.goto("/body-shaper/step1");
    await uploadPhoto(page, fullLengthPhoto);
    await page.getByTestId("gender-female").click();
    await page.getByTestId("look-custom").click();
    await page.getByTestId("custom-prompt-input").fill("strong toned legs");
    await page.getByTestId("flow-continue").click();
    await expect(page.getByTestId("review-custom")).toContainText("strong toned legs");
    await expect(page.getByTestId("flow-review")).toContainText("approximately 2 minutes");
    await page.getByRole("button", { name: "Generate Body Shape" }).click();
    await expect(page.getByRole("heading", { name: "Creating Your Body Transformation" })).toBeVisible();
    await expect(page.getByText("You can leave this page; we'll keep working")).toBeVisible();
    await expect(page).toHaveURL(/\/body-shaper\/results\?id=/, { timeout: 30_000 });
    await expectResultImageLoaded(page);
    await expect(page.getByRole("heading", { name: "Your Body Transformation" })).toBeVisible();
    await expect(page.getByTestId("result-banner")).toContainText("Female · “strong toned legs” with custom touches");
    await expectCredits(page, 3);

    await page.getByRole("link", { name: "Try Different Body Shape" }).click();
    await uploadPhoto(page, fullLengthPhoto);
    await page.getByTestId("gender-male").click();
    await page.getByTestId("look-vTaper").click();
    await page.getByTestId("flow-continue").click();
    await generateAndWaitForResults(page, "body-shaper", /^Generate Body Shape$/);
    await expectCredits(page, 1);

    await page.getByRole("link", { name: "Try Different Body Shape" }).click();
    await uploadPhoto(page, fullLengthPhoto);
    await page.getByTestId("gender-male").click();
    await page.getByTestId("look-beachBody").click();
    await page.getByTestId("flow-continue").click();
    await page.getByRole("button", { name: "Generate Body Shape" }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expectToast(page, "Insufficient Credits", "You need 2 credits but only have 1 available.");
    await expectCredits(page, 1);
  });
});

test.describe("step 1 messages and limits (spec §5)", () => {
  test("Hair Changer names each missing piece, clears the style on a gender change and keeps 10 words", async ({ page }) => {
    await signUpNewAccount(page);
    await page.goto("/hair-changer/step1");
    await expect(page.getByTestId("choose-gender-first")).toHaveText("Select a gender to see the hairstyles.");
    const next = page.getByTestId("flow-continue");
    await next.click();
    await expectToast(page, "Image Required", "Please upload an image to continue.");
    await uploadPhoto(page);
    await dismissToasts(page);
    await next.click();
    await expectToast(page, "Gender Required", "Please select male or female to continue.");
    await page.getByTestId("gender-male").click();
    await dismissToasts(page);
    await next.click();
    await expectToast(page, "Style Required", "Please select a hairstyle or enter a custom prompt.");

    await page.getByTestId("look-spiky").click();
    await page.getByTestId("gender-female").click();
    await expect(page.getByTestId("look-pixieCut")).toBeVisible();
    await expect(page.getByTestId("look-grid").locator('[aria-checked="true"]')).toHaveCount(0);
    await dismissToasts(page);
    await next.click();
    await expectToast(page, "Style Required", "Please select a hairstyle or enter a custom prompt.");

    await page.getByTestId("look-custom").click();
    await dismissToasts(page);
    await next.click();
    await expectToast(page, "Custom Prompt Required", "Please enter a custom hairstyle description.");
    const prompt = page.getByTestId("custom-prompt-input");
    await prompt.pressSequentially(elevenWords);
    await expect(prompt).toHaveValue(new RegExp(`^${tenWords}\\s?$`));
    await expect(page.getByTestId("custom-prompt-count")).toHaveText("10/10 words");
    await page.getByTestId("back-to-styles").click();
    await expect(page.getByTestId("look-grid")).toBeVisible();

    // The draft comes back after a reload, its photo included (decision 22).
    await page.getByTestId("look-pixieCut").click();
    await page.reload();
    await expect(page.getByTestId("gender-female")).toHaveAttribute("aria-checked", "true");
    await expect(page.getByTestId("look-pixieCut")).toHaveAttribute("aria-checked", "true");
    await expect(page.getByRole("img", { name: "Your uploaded photo" })).toBeVisible();
  });

  test("Body Shaper and AI Product use their own messages", async ({ page }) => {
    await signUpNewAccount(page);
    await page.goto("/body-shaper/step1");
    await expect(page.getByRole("heading", { name: "Choose a Body Shape" })).toBeVisible();
    await expect(page.getByTestId("choose-gender-first")).toHaveText("Select a gender to see the body shapes.");
    await uploadPhoto(page);
    await page.getByTestId("gender-female").click();
    await expect(page.getByTestId("look-hourglassFigure")).toContainText("⏳");
    await page.getByTestId("flow-continue").click();
    await expectToast(page, "Style Required", "Please select a body shape or enter a custom prompt.");
    await page.getByTestId("look-custom").click();
    await dismissToasts(page);
    await page.getByTestId("flow-continue").click();
    await expectToast(page, "Custom Prompt Required", "Please enter a custom body transformation description.");

    await page.goto("/ai-product/step1");
    await uploadPhoto(page);
    await page.getByTestId("flow-prompt").fill("   ");
    await dismissToasts(page);
    await page.getByTestId("flow-continue").click();
    await expectToast(page, "Prompt Required", "Please enter a prompt to continue.");
    await expect(page).toHaveURL(/\/ai-product\/step1$/);
  });
});

test.describe("guards", () => {
  test("later steps without a draft or a known generation go back to step 1", async ({ page }) => {
    await signUpNewAccount(page);
    for (const path of ["/hair-changer/step2", "/body-shaper/loading", `/ai-product/loading?id=${randomUUID()}`]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/step1$/);
      await expectToast(page, "Missing information", "Please complete all steps before proceeding.");
      await dismissToasts(page);
    }
    for (const path of ["/ai-product/results", `/body-shaper/results?id=${randomUUID()}`, "/hair-changer/results?id=nope"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/step1$/);
    }
    const unknown = await page.goto("/not-a-tool/step1");
    expect(unknown?.status()).toBe(404);
  });

  test("signed-out visitors are sent to sign in", async ({ page }) => {
    await page.goto("/body-shaper/step1");
    await expect(page).toHaveURL(/\/auth\?callbackUrl=%2Fbody-shaper%2Fstep1$/);
  });
});

test.describe("a failing engine", () => {
  test("shows the error and gives the 2 credits back", async ({ page }) => {
    const email = newEmail("flow-failure");
    await fetch(`${fakesURL}/oidc-next-identity`, {
      method: "POST",
      body: JSON.stringify({ sub: `google-${email}`, email, name: "Failing Engine" }),
    });
    await page.goto(`${mailAppURL}/auth`);
    await page.getByTestId("google-sign-in").click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // A new account's welcome; Escape before it has loaded would leave it for the next page.
    const welcome = page.getByTestId("welcome-dialog");
    await expect(welcome).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(welcome).toBeHidden();

    await page.goto(`${mailAppURL}/body-shaper/step1`);
    // This server's Body Shaper is a real engine: its photo must show the body.
    await uploadPhoto(page, fullLengthPhoto);
    await page.getByTestId("gender-male").click();
    await page.getByTestId("look-leanMuscle").click();
    await page.getByTestId("flow-continue").click();
    await page.getByRole("button", { name: "Generate Body Shape" }).click();

    const failure = page.getByTestId("flow-loading-failed");
    await expect(failure).toBeVisible({ timeout: 30_000 });
    await expect(failure).toContainText("Generation failed");
    // Spec §8: 'Webhook error' with the server's own message under it.
    await expect(page.getByTestId("flow-failure-reason")).toHaveText("Webhook error");
    await expect(page.getByTestId("flow-failure-detail")).toHaveText("The fake image service failed on purpose");
    await expect(page.getByTestId("flow-refund")).toHaveText("Your 2 credits have been refunded.");
    await expect(failure).toContainText("Please try again or contact support if the issue persists.");
    await expectCredits(page, 5);
    const generationId = new URL(page.url()).searchParams.get("id") ?? "";
    await page.getByTestId("flow-try-again").click();
    await expect(page).toHaveURL(/\/body-shaper\/step2$/);

    // Its gallery says the same.
    await page.goto(`${mailAppURL}/gallery/${generationId}`);
    await expect(page.getByTestId("gallery-failure-reason")).toContainText("Webhook error");
    await expect(page.getByTestId("gallery-failure-reason")).toContainText("The fake image service failed on purpose");
  });
});
