import dropColorMixFallbacks from "./postcss/drop-color-mix-fallbacks.mjs";

const config = { plugins: ["@tailwindcss/postcss", dropColorMixFallbacks] };

export default config;
