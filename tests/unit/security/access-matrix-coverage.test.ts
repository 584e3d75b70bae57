import { describe, expect, it } from "vitest";
import { isProtectedPath } from "@/lib/auth/routes";
import { actionMatrix, pageMatrix, routeMatrix } from "@/tests/integration/security/access-matrix";
import { actionsOnDisk, pagesOnDisk, routesOnDisk } from "@/tests/integration/security/app-surface";

/**
 * The access matrix must name exactly what is on disk: a new page, route handler or server action
 * without an entry fails here (and so does an entry whose file is gone), before any server runs.
 */
const sorted = (values: Iterable<string>) => [...values].sort();

describe("the access matrix covers", () => {
  it("every page", () => {
    expect(sorted(Object.keys(pageMatrix))).toEqual(sorted(pagesOnDisk()));
  });

  it("every route handler and each method it exports", () => {
    const routes = routesOnDisk();
    expect(sorted(Object.keys(routeMatrix))).toEqual(sorted(routes.map((route) => route.pattern)));
    for (const { pattern, methods } of routes) {
      expect(sorted(routeMatrix[pattern]?.methods ?? []), pattern).toEqual(methods);
    }
  });

  it("every server action, with the access its wrapper gives it", () => {
    const actions = actionsOnDisk();
    expect(sorted(Object.keys(actionMatrix))).toEqual(sorted(actions.map((action) => action.name)));
    for (const action of actions) {
      const entry = actionMatrix[action.name];
      expect(action.wrapper, `${action.name} goes through userAction or publicAction`).not.toBe("none");
      expect(entry && `${entry.access}Action`, action.name).toBe(action.wrapper);
    }
  });
});

describe("signed-in pages", () => {
  it("are the ones proxy.ts sends visitors away from, so both checks agree", () => {
    const victim = {
      email: "victim@example.test",
      generationId: "0b6c6f1e-1d2c-4a52-9e3f-5a0cbb0f1a11",
      imageId: "1c7d7f2f-2e3d-4b63-8f40-6b1ddc1f2b22",
      purchaseId: "2d8e8a3a-3f4e-4c74-9a51-7c2eed2a3c33",
      prompt: "victim prompt",
    };
    for (const [pattern, entry] of Object.entries(pageMatrix)) {
      for (const url of entry.probes(victim)) {
        expect(isProtectedPath(new URL(url, "http://app.test").pathname), `${pattern}: ${url}`).toBe(entry.access === "user");
      }
    }
  });
});
