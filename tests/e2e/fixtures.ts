import { test as base, expect, type Response } from "@playwright/test";

/** Page navigations are checked by the tests themselves (the 404 page answers 404 on purpose). */
function isUnexpectedFailure(response: Response): boolean {
  return response.status() >= 400 && !response.request().isNavigationRequest();
}

/** Every test fails if the page logs a console error, throws, or a request it makes fails. */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        // Failed requests are judged by their responses below, where the URL is known.
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
          problems.push(message.text());
        }
      });
      page.on("pageerror", (error) => problems.push(error.message));
      page.on("response", (response) => {
        if (isUnexpectedFailure(response)) problems.push(`${response.status()} ${response.url()}`);
      });
      await use(problems);
      expect(problems, "console errors and failed requests").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
