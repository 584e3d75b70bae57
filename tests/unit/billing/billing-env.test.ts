import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";

describe("billing environment", () => {
  it("is optional, with the test checkout off and an hourly refresh by default", () => {
    const env = parseEnv({});
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.STRIPE_WEBHOOK_SECRET).toBeUndefined();
    expect(env).toMatchObject({ ALLOW_TEST_CHECKOUT: "false", BILLING_REFRESH_INTERVAL_MINUTES: 60 });
  });

  it("checks the fake's port and the plan price ids", () => {
    expect(parseEnv({ STRIPE_API_PORT: "12111", STRIPE_API_PROTOCOL: "http" })).toMatchObject({ STRIPE_API_PORT: 12111 });
    expect(() => parseEnv({ STRIPE_API_PORT: "99999" })).toThrow(/STRIPE_API_PORT/);
    expect(() => parseEnv({ STRIPE_PLAN_PRICE_IDS: "gold_monthly=price_1" })).toThrow(/STRIPE_PLAN_PRICE_IDS/);
    expect(parseEnv({ STRIPE_PLAN_PRICE_IDS: "pro_monthly=price_1,pro_yearly=price_2" }).STRIPE_PLAN_PRICE_IDS).toBe("pro_monthly=price_1,pro_yearly=price_2");
  });
});
