import { fakesURL } from "../../playwright.config";
import type { ReceivedMail } from "../fakes/smtp-server";
import { copySessionCookie, expectCopiedSessionEnded, fillSignInForm, fillSignUpForm, newEmail, openUserMenu, testPassword } from "./accounts";
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

  test("a password reset ends every session, so a copied cookie stops working", async ({ page, browser, baseURL }) => {
    const email = newEmail("reset-sessions");
    await page.goto("/auth?mode=signup");
    await fillSignUpForm(page, { email });
    await page.goto(linkIn(await waitForMail(email, "Confirm your email"), "/auth/confirm-email?token="));
    await page.getByTestId("confirm-email-submit").click();
    await page.goto("/auth");
    await fillSignInForm(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    const copied = await copySessionCookie(page);

    const resetContext = await browser.newContext();
    const resetPage = await resetContext.newPage();
    await resetPage.goto(`${baseURL}/auth/forgot-password`);
    await resetPage.locator('input[name="email"]').fill(email);
    await resetPage.getByRole("button", { name: "Send reset link" }).click();
    await resetPage.goto(linkIn(await waitForMail(email, "Reset your password"), "/auth/reset-password?token="));
    const form = resetPage.getByTestId("reset-password-form");
    await form.locator('input[name="password"]').fill("a brand new secret");
    await form.locator('input[name="confirmPassword"]').fill("a brand new secret");
    await resetPage.getByRole("button", { name: "Save new password" }).click();
    await expect(resetPage.getByRole("heading", { name: "Password updated" })).toBeVisible();
    await resetContext.close();

    // The browser that was signed in, and any copy of its cookie, are signed out.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth\?callbackUrl=%2Fdashboard$/);
    await expectCopiedSessionEnded(browser, copied, baseURL);
  });

  test("an owner held back after wrong passwords signs in with a link by email", async ({ page }) => {
    const email = newEmail("locked");
    await page.goto("/auth?mode=signup");
    await fillSignUpForm(page, { email });
    await expect(page.getByTestId("check-email")).toBeVisible();
    await page.getByRole("button", { name: "Back to sign in" }).click();

    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await fillSignInForm(page, email, `wrong password ${attempt}`);
      await expect(page.getByTestId("form-error")).toHaveText("Incorrect email or password.");
    }
    await fillSignInForm(page, email);
    await expect(page.getByTestId("form-error")).toContainText("Too many attempts, try again in 1 minute, or sign in now with a link we email you.");
    await page.getByTestId("email-sign-in-link").click();
    await expect(page.getByText(`If an account exists for ${email}, a sign-in link is on its way.`)).toBeVisible();

    const link = linkIn(await waitForMail(email, "Your sign-in link"), "/auth/sign-in-link?token=");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Sign in with your email link" })).toBeVisible();
    await page.getByTestId("sign-in-link-submit").click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("welcome-dialog")).toBeVisible();

    // The link works once.
    await page.context().clearCookies({ name: "authjs.session-token" });
    await page.goto(link);
    await page.getByTestId("sign-in-link-submit").click();
    await expect(page.getByTestId("form-error")).toHaveText("This link has already been used.");
  });

  test("signing up with a registered email answers as for a new one and mails the owner instead", async ({ page }) => {
    const email = newEmail("registered");
    await page.goto("/auth?mode=signup");
    await fillSignUpForm(page, { email });
    await expect(page.getByTestId("check-email")).toContainText(`We sent a confirmation link to ${email}`);

    await page.goto("/auth?mode=signup");
    await fillSignUpForm(page, { email, firstName: "Someone", lastName: "Else", password: "another password" });
    await expect(page.getByTestId("check-email")).toContainText(`We sent a confirmation link to ${email}`);
    await expect(page.getByTestId("form-error")).toHaveCount(0);

    const notice = await waitForMail(email, "You already have an account");
    // The owner can choose a new password with the mailed link.
    await page.goto(linkIn(notice, "/auth/reset-password?token="));
    const form = page.getByTestId("reset-password-form");
    await form.locator('input[name="password"]').fill("the owner's new secret");
    await form.locator('input[name="confirmPassword"]').fill("the owner's new secret");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByRole("heading", { name: "Password updated" })).toBeVisible();
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
    await openUserMenu(page);
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
