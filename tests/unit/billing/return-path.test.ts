import { describe, expect, it } from "vitest";
import { checkoutCancelPath, checkoutSuccessPath } from "@/lib/billing/return-path";

describe("where a buyer lands after checkout", () => {
  it("sends a cash pack to /activity with its generation in focus", () => {
    expect(checkoutSuccessPath("cash_pack", "test_1")).toBe("/activity?session_id=test_1&focus=latest");
    expect(checkoutSuccessPath("cash_pack", "{CHECKOUT_SESSION_ID}")).toBe("/activity?session_id={CHECKOUT_SESSION_ID}&focus=latest");
    expect(checkoutCancelPath("cash_pack")).toBe("/headshot-pro/packs");
  });

  it("sends plans and top-ups to /subscription, or back to headshot step 4 when bought from the wizard", () => {
    expect(checkoutSuccessPath("subscription", "cs_1")).toBe("/subscription?session_id=cs_1");
    expect(checkoutSuccessPath("top_up", "cs_2", "headshot")).toBe("/headshot-pro/step4?session_id=cs_2");
    expect(checkoutCancelPath("top_up", "headshot")).toBe("/headshot-pro/payment");
    expect(checkoutCancelPath("subscription")).toBe("/subscription");
  });
});
