import { readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { iconSpriteFile, iconSpriteMarkup, iconSpriteShapes } from "@/components/layout/icon-sprite-shapes";
import { SpriteIcon } from "@/components/layout/sprite-icon";

// Next.js imports the sprite as a static asset with a hashed address; Vite would give a bare string.
vi.mock("@/components/layout/icon-sprite.svg", () => ({ default: { src: "/_next/static/media/icon-sprite.0abc.svg", width: 24, height: 24 } }));

describe("the chrome's icon sprite", () => {
  it("is committed as written from the list of shapes (npm run icons:sprite)", () => {
    const committed = readFileSync(path.resolve(import.meta.dirname, "../..", iconSpriteFile), "utf8");
    expect(committed).toBe(iconSpriteMarkup());
  });

  it("holds each shape as a symbol in Lucide's box, with Lucide's drawing", () => {
    const markup = iconSpriteMarkup();
    for (const name of Object.keys(iconSpriteShapes)) expect(markup).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`);
    expect(markup).toContain('<symbol id="arrow-right" viewBox="0 0 24 24"><path d="M5 12h14"/><path d="m12 5 7 7-7 7"/></symbol>');
  });

  it("is referenced by a decorative <svg> with the shared lucide class and the caller's classes", () => {
    expect(renderToStaticMarkup(createElement(SpriteIcon, { name: "sparkles", className: "size-4 text-primary" }))).toBe(
      '<svg class="lucide size-4 text-primary" aria-hidden="true"><use href="/_next/static/media/icon-sprite.0abc.svg#sparkles"></use></svg>',
    );
    expect(renderToStaticMarkup(createElement(SpriteIcon, { name: "menu" }))).toBe(
      '<svg class="lucide" aria-hidden="true"><use href="/_next/static/media/icon-sprite.0abc.svg#menu"></use></svg>',
    );
  });
});
