import postcss from "postcss";
import { describe, expect, it } from "vitest";
import dropColorMixFallbacks from "@/postcss/drop-color-mix-fallbacks.mjs";
import postcssConfig from "@/postcss.config.mjs";

/** Tailwind's output for `bg-primary/90 border-border/60 hover:bg-primary/90`, minified as in a build. */
const tailwindOutput =
  ".a{background-color:var(--primary);color:red}" +
  "@supports (color:color-mix(in lab, red, red)){.a{background-color:color-mix(in oklab, var(--primary) 90%, transparent)}}" +
  ".b{border-color:var(--border)}" +
  "@supports (color:color-mix(in lab, red, red)){.b{border-color:color-mix(in oklab, var(--border) 60%, transparent)}}" +
  "@media (hover:hover){.a:hover{background-color:var(--primary)}" +
  "@supports (color:color-mix(in lab, red, red)){.a:hover{background-color:color-mix(in oklab, var(--primary) 90%, transparent)}}}" +
  "@supports (backdrop-filter:var(--tw)){.c{opacity:1}}";

async function run(css: string): Promise<string> {
  return (await postcss([dropColorMixFallbacks()]).process(css, { from: undefined })).css;
}

describe("dropping Tailwind's color-mix() fallbacks", () => {
  it("keeps the color-mix() colours, unconditionally, and only the declarations they override go", async () => {
    expect(await run(tailwindOutput)).toBe(
      ".a{color:red}.a{background-color:color-mix(in oklab, var(--primary) 90%, transparent)}" +
        ".b{border-color:color-mix(in oklab, var(--border) 60%, transparent)}" +
        "@media (hover:hover){.a:hover{background-color:color-mix(in oklab, var(--primary) 90%, transparent)}}" +
        "@supports (backdrop-filter:var(--tw)){.c{opacity:1}}",
    );
  });

  it("runs after Tailwind in the app's PostCSS configuration", () => {
    expect(postcssConfig.plugins).toEqual(["@tailwindcss/postcss", dropColorMixFallbacks]);
  });
});
