import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";

describe("parseEnv", () => {
  it("gives every variable an embedded default", () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe(".data");
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.NODE_ENV).toBe("development");
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", DATA_DIR: "" })).toMatchObject({ DATABASE_URL: undefined, DATA_DIR: ".data" });
  });

  it("rejects a malformed value with the variable's name", () => {
    expect(() => parseEnv({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ MIGRATE_ON_START: "sometimes" })).toThrow(/MIGRATE_ON_START/);
  });

  it("reads MODEL_PRICES as prices by engine and model, and refuses anything else", () => {
    const prices = '{"replicate:black-forest-labs/flux-kontext-pro":{"perImage":0.05},"gemini:gemini-3.1-flash-image":{"perMillionInputTokens":0.5,"perMillionOutputTokens":60}}';
    expect(parseEnv({ MODEL_PRICES: prices }).MODEL_PRICES).toEqual({
      "replicate:black-forest-labs/flux-kontext-pro": { perImage: 0.05 },
      "gemini:gemini-3.1-flash-image": { perMillionInputTokens: 0.5, perMillionOutputTokens: 60 },
    });
    expect(() => parseEnv({ MODEL_PRICES: '{"flux-kontext-pro":{"perImage":0.05}}' })).toThrow(/MODEL_PRICES/);
    expect(() => parseEnv({ MODEL_PRICES: '{"fal:fal-ai/flux-pulid":{"perImage":-1}}' })).toThrow(/MODEL_PRICES/);
    expect(() => parseEnv({ MODEL_PRICES: "cheap" })).toThrow(/MODEL_PRICES/);
  });
});
