/**
 * Tailwind writes every colour with an opacity (`bg-primary/90`) twice: a plain fallback for
 * browsers without color-mix(), then the real colour inside `@supports (color: color-mix(...))`.
 * Every browser that draws the theme's oklch() colours except Safari 15.4–16.1 has color-mix()
 * (Chrome/Edge 111, Firefox 113, Safari 16.2), so the fallbacks only make the one stylesheet
 * every page waits for larger: ~9 KB of its 104, enough that Turbopack then ships next/font's
 * @font-face rules in the same file instead of a second render-blocking request (issue 16).
 * This keeps each @supports block's rules and drops the declarations they override.
 */
const colorMixSupport = /^\(\s*color\s*:\s*color-mix\(\s*in lab\s*,\s*red\s*,\s*red\s*\)\s*\)$/;

/** @type {import("postcss").PluginCreator<void>} */
export default function dropColorMixFallbacks() {
  return {
    postcssPlugin: "drop-color-mix-fallbacks",
    OnceExit(root) {
      root.walkAtRules("supports", (supports) => {
        if (!colorMixSupport.test(supports.params)) return;
        supports.each((rule) => {
          if (rule.type !== "rule") return;
          const overridden = new Set(rule.nodes.filter((node) => node.type === "decl").map((decl) => decl.prop));
          let sibling = supports.prev();
          while (sibling && !(sibling.type === "rule" && sibling.selector === rule.selector)) sibling = sibling.prev();
          if (!sibling) return;
          sibling.each((node) => {
            if (node.type === "decl" && overridden.has(node.prop)) node.remove();
          });
          if (sibling.nodes.length === 0) sibling.remove();
        });
        supports.replaceWith(supports.nodes);
      });
    },
  };
}
dropColorMixFallbacks.postcss = true;
