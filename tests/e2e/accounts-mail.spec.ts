import { fakesURL } from "../../playwright.config";
import type { ReceivedMail } from "../fakes/smtp-server";
import { fillSignInForm, fillSignUpForm, newEmail, testPassword } from "./accounts";
import { expect, test } from "./fixtures";

/**
 * Accounts on the "accounts-mail" server (playwright.config.ts): SMTP goes to the fake mail
 * server and Google is the fake OpenID provider, both from tests/fakes/start-fakes.ts.
 */

async function waitForMail(to: string, subject: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(`${fakesURL}/inbox?to=${encodeURIComponent(to)}`);
      const mails: ReceivedMail[] = await response.json();
      found = mails.filter((mail) => mail.subject === subject).at(-1);
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error(`no "${subject}" mail for ${to}`);
  return found;
}

function linkIn(mail: ReceivedMail, path: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.includes(path));
  if (!link) throw new Error(`no ${path} link in "${mail.subject}"`);
  return link;
}

async function useGoogleAs(identity: { email: string; name: string }) {
  await fetch(`${fakesURL}/oidc-next-identity`, {
    method: "POST",
    body: JSON.stringify({ sub: `google-${identity.email}`, ...identity }),
  });
}

test.describe("accounts with email and Google", () => {
  test("sign-up waits for the emailed confirmation link, which works once", async ({ page }) => {
    const email = newEmail("confirm");
    await page.goto("/auth?mode=signup");
    await fillSignUpForm(page, { email });
    await expect(page.getByTestId("check-email")).toContainText(`We sent a confirmation link to ${email}`);
    await expect(page.getByText("We sent you a confirmation link")).toBeVisible();

    await page.getByRole("button", { name: "Back to sign in" }).click();
    await fillSignInForm(page, email);
    await expect(page.getByTestId("form-error")).toContainText("Please confirm your email first");

    const link = linkIn(await waitForMail(email, "Confirm your email"), "/auth/confirm-email?token=");
    await page.goto(link);
    await page.getByTestId("confirm-email-submit").click();
    await expect(page.getByRole("heading", { name: "Email confirmed" })).toBeVisible();

    await page.goto(link);
    await page.getByTestId("confirm-email-submit").click();
    await expect(page.getByTestId("form-error")).toHaveText("This link has already been used.");

    await page.goto("/auth");
    await fillSignInForm(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("welcome-dialog")).toBeVisible();
    await expect(page.getByTestId("credits-count")).toHaveText("5");
  });

  test("a password reset link sets a new password once", async ({ page }) => {
    const email = newEmail("reset");
    await page.goto("/auth?mode=signup");
    await fillSignUpForm(page, { email });
    await expect(page.getByTestId("check-email")).toBeVisible();

    await page.goto("/auth/forgot-password");
    await page.locator('input[name="email"]').fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByTestId("form-success")).toContainText(`If an account exists for ${email}`);
    const link = linkIn(await waitForMail(email, "Reset your password"), "/auth/reset-password?token=");

    await page.goto(link);
    const form = page.getByTestId("reset-password-form");
    await form.locator('input[name="password"]').fill("a brand new secret");
    await form.locator('input[name="confirmPassword"]').fill("a different secret");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByTestId("error-confirmPassword")).toHaveText("The passwords do not match.");
    await form.locator('input[name="confirmPassword"]').fill("a brand new secret");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByRole("heading", { name: "Password updated" })).toBeVisible();

    await page.goto(link);
    await page.getByTestId("reset-password-form").locator('input[name="password"]').fill("another new secret");
    await page.getByTestId("reset-password-form").locator('input[name="confirmPassword"]').fill("another new secret");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByTestId("form-error")).toContainText("This link has already been used.");

    await page.goto("/auth");
    await fillSignInForm(page, email, testPassword);
    await expect(page.getByTestId("form-error")).toHaveText("Incorrect email or password.");
    // The reset link proved the mailbox, so the account no longer waits for confirmation.
    await fillSignInForm(page, email, "a brand new secret");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a first Google sign-in creates the account with 5 credits and returns to the callback", async ({ page }) => {
    const email = newEmail("google");
    await useGoogleAs({ email, name: "Grace Google" });
    await page.goto("/auth?callbackUrl=%2Fdashboard%3Fvia%3Dgoogle");
    await page.getByTestId("google-sign-in").click();
    await expect(page).toHaveURL(/\/dashboard\?via=google$/);
    await expect(page.getByTestId("welcome-dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("credits-count")).toHaveText("5");
    await page.getByTestId("user-menu").click();
    await expect(page.getByTestId("user-menu-email")).toHaveText(email);
  });

  test("Google sign-in for an email registered with a password explains the failure", async ({ page }) => {
    const email = newEmail("taken");
    await page.goto("/auth?mode=signup");
    await fillSignUpForm(page, { email });
    await expect(page.getByTestId("check-email")).toBeVisible();

    await useGoogleAs({ email, name: "Someone Else" });
    await page.goto("/auth");
    await page.getByTestId("google-sign-in").click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText("Google sign in failed")).toBeVisible();
    await expect(page.getByText("This email is already registered with a password.")).toBeVisible();
    await expect(page.getByTestId("user-menu")).toHaveCount(0);
  });
});
