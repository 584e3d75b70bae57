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
});
