import type { Page } from "@playwright/test";
import { newEmail, signUpNewAccount } from "./accounts";
import { expect, test } from "./fixtures";
import { expectResultImageLoaded, hairChangerToReview, headshotToReview } from "./flow-steps";

/**
 * Issue 19 item 5: the loading pages notice a lost connection. While the status requests fail
 * they say 'Reconnecting…' and hold the bar; once the server answers again they carry on by
 * themselves. The connection is cut in the browser, for the status requests only.
 */

/** Makes GET /api/generations/{id} fail as if offline until the returned function is called. */
async function cutStatusRequests(page: Page): Promise<() => void> {
  let offline = true;
  await page.route("**/api/generations/**", (route) => (offline ? route.abort("internetdisconnected") : route.continue()));
  return () => {
    offline = false;
  };
}

async function progressValue(page: Page): Promise<string> {
  return (await page.getByTestId("flow-progress-value").textContent()) ?? "";
}

test.describe("a lost connection on the loading page", () => {
  test("Hair Changer says it is reconnecting, holds the bar and resumes by itself", async ({ page }) => {
    await signUpNewAccount(page, newEmail("reconnect-flow"));
    await hairChangerToReview(page);
    const reconnect = await cutStatusRequests(page);
    await page.getByTestId("flow-generate").click();
    await expect(page).toHaveURL(/\/hair-changer\/loading\?id=/);

    const card = page.getByTestId("flow-loading-progress");
    await expect(page.getByTestId("flow-loading-message")).toHaveText("Reconnecting…");
    await expect(page.getByTestId("flow-reconnecting")).toContainText("Your generation keeps running on our servers");
    await expect(card).toHaveAttribute("data-reconnecting", "true");
    // Without the hold the bar would climb about 2% a second (95% over 45 s).
    const held = await progressValue(page);
    await page.waitForTimeout(4_000);
    expect(await progressValue(page)).toBe(held);

    reconnect();
    await expect(page.getByTestId("flow-reconnecting")).toHaveCount(0, { timeout: 10_000 });
    await expect(page).toHaveURL(/\/hair-changer\/results\?id=/, { timeout: 30_000 });
    await expectResultImageLoaded(page);
  });

  test("Headshot Pro says so in the user's language and resumes by itself", async ({ page }) => {
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "de", url: "http://127.0.0.1" }]);
    await signUpNewAccount(page, newEmail("reconnect-headshot"));
    await headshotToReview(page, { previewAlt: "Dein hochgeladenes Foto" });
    await page.getByTestId("headshot-continue").click();
    await expect(page).toHaveURL(/\/headshot-pro\/payment$/);
    // The free trial is chosen for a new account.
    const reconnect = await cutStatusRequests(page);
    await page.getByTestId("headshot-generate").click();
    await expect(page).toHaveURL(/\/headshot-pro\/loading\?id=/);

    await expect(page.getByTestId("flow-loading-message")).toHaveText("Verbindung wird wiederhergestellt…");
    await expect(page.getByTestId("flow-reconnecting")).toContainText("Deine Generierung läuft auf unseren Servern weiter");
    const held = await progressValue(page);
    await page.waitForTimeout(3_000);
    expect(await progressValue(page)).toBe(held);

    reconnect();
    await expect(page).toHaveURL(/\/headshot-pro\/results\?id=/, { timeout: 30_000 });
    await expect(page.getByTestId("result-tile")).toHaveCount(1);
  });
});
