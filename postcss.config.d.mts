declare const config: { plugins: unknown[] };
export default config;
