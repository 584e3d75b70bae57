import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ArrowRight } from "@/components/icons/arrow-right";
import { Check } from "@/components/icons/check";
import { Circle } from "@/components/icons/circle";

describe("icons", () => {
  it("render Lucide's shapes as a plain <svg> with the shared lucide class and the caller's classes", () => {
    expect(renderToStaticMarkup(createElement(Check, { className: "size-4 text-primary" }))).toBe(
      '<svg viewBox="0 0 24 24" class="lucide size-4 text-primary" aria-hidden="true"><path d="M20 6 9 17l-5-5"></path></svg>',
    );
    expect(renderToStaticMarkup(createElement(Circle))).toBe(
      '<svg viewBox="0 0 24 24" class="lucide" aria-hidden="true"><circle cx="12" cy="12" r="10"></circle></svg>',
    );
  });

  it("are hidden from assistive technology unless labelled", () => {
    const labelled = renderToStaticMarkup(createElement(ArrowRight, { "aria-label": "Next", role: "img" }));
    expect(labelled).toContain('aria-label="Next"');
    expect(labelled).not.toContain("aria-hidden");
    expect(renderToStaticMarkup(createElement(ArrowRight, { "aria-hidden": false }))).toContain('aria-hidden="false"');
  });

  it("pass other attributes through", () => {
    const attributes = { "data-testid": "done", id: "check" };
    expect(renderToStaticMarkup(createElement(Check, attributes))).toMatch(/ data-testid="done" id="check"/);
  });
});
