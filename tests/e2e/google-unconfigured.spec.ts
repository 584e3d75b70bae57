import { expect, test } from "./fixtures";

/**
 * Issue 19 item 8: on a server without Google credentials /auth offers no Google sign-in and
 * says nothing misleading about it (the configured case runs in accounts-mail.spec.ts).
 */

test("without Google credentials /auth shows no Google button and explains an old Google link", async ({ page }) => {
  await page.goto("/auth?mode=signup");
  await expect(page.getByTestId("sign-up-form")).toBeVisible();
  await expect(page.getByTestId("google-sign-in")).toHaveCount(0);
  await expect(page.getByText("or continue with email")).toHaveCount(0);

  // Where Auth.js sends a Google sign-in attempt it cannot serve.
  await page.goto("/auth?error=Configuration");
  const toast = page.locator("[data-sonner-toast]");
  await expect(toast).toContainText("Sign-in with Google is not available on this site.");
  await expect(toast).not.toContainText("Google sign in failed");
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByTestId("sign-in-form")).toBeVisible();
});
