import { randomUUID } from "node:crypto";
import { expect, type Browser, type Cookie, type Page } from "@playwright/test";

/** Account steps shared by the browser journeys. */

export const testPassword = "correct horse battery";

export function newEmail(prefix = "e2e"): string {
  return `${prefix}-${randomUUID()}@example.test`;
}

export async function fillSignUpForm(
  page: Page,
  account: { firstName?: string; lastName?: string; email: string; password?: string },
): Promise<void> {
  const form = page.getByTestId("sign-up-form");
  await form.locator('input[name="firstName"]').fill(account.firstName ?? "Ada");
  await form.locator('input[name="lastName"]').fill(account.lastName ?? "Lovelace");
  await form.locator('input[name="email"]').fill(account.email);
  await form.locator('input[name="password"]').fill(account.password ?? testPassword);
  await page.getByTestId("sign-up-submit").click();
}

export async function fillSignInForm(page: Page, email: string, password = testPassword): Promise<void> {
  const form = page.getByTestId("sign-in-form");
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await page.getByTestId("sign-in-submit").click();
}

/** A new account (on a server without SMTP), signed in, on the dashboard with the welcome closed. */
export async function signUpNewAccount(page: Page, email = newEmail()): Promise<string> {
  await page.goto("/auth?mode=signup");
  await fillSignUpForm(page, { email });
  await expect(page).toHaveURL(/\/dashboard$/);
  const welcome = page.getByTestId("welcome-dialog");
  await welcome.waitFor({ timeout: 5_000 }).then(
    () => page.keyboard.press("Escape"),
    () => undefined,
  );
  await expect(welcome).toBeHidden();
  return email;
}

export async function signOutThroughMenu(page: Page): Promise<void> {
  await page.getByTestId("user-menu").click();
  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/$/);
}

/** The session cookie of the page's browser, kept to replay after that session has ended. */
export async function copySessionCookie(page: Page): Promise<Cookie[]> {
  const copied = (await page.context().cookies()).filter((cookie) => cookie.name === "authjs.session-token");
  expect(copied).toHaveLength(1);
  return copied;
}

/** A fresh browser holding the copied cookie is sent to sign in: the session ended on the server. */
export async function expectCopiedSessionEnded(browser: Browser, copied: Cookie[], baseURL: string | undefined): Promise<void> {
  const replayContext = await browser.newContext();
  await replayContext.addCookies(copied);
  const replay = await replayContext.newPage();
  await replay.goto(`${baseURL}/dashboard`);
  await expect(replay).toHaveURL(/\/auth\?callbackUrl=%2Fdashboard$/);
  await expect(replay.getByTestId("user-menu")).toHaveCount(0);
  await replayContext.close();
}
