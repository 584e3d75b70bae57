import { describe, expect, it } from "vitest";
import { activityHref, parseActivityQuery } from "@/lib/activity/activity-query";

describe("/activity address (spec §2)", () => {
  it("reads the category chip, the page, focus=latest and the payment return", () => {
    expect(parseActivityQuery({ category: "hair-changer", page: "3", focus: "latest", session_id: "cs_test_1" })).toEqual({
      categorySlug: "hair-changer",
      category: "Hair Changer",
      page: 3,
      focusLatest: true,
      sessionId: "cs_test_1",
    });
  });

  it("falls back to All, page 1 and no focus for anything unknown", () => {
    expect(parseActivityQuery({ category: "drop table", page: "-2", focus: "first" })).toEqual({
      categorySlug: undefined,
      category: undefined,
      page: 1,
      focusLatest: false,
      sessionId: undefined,
    });
    expect(parseActivityQuery({ page: "abc" }).page).toBe(1);
    expect(parseActivityQuery({ page: "100000" }).page).toBe(1);
  });

  it("takes the first of repeated parameters", () => {
    expect(parseActivityQuery({ category: ["ai-product", "body-shaper"] }).category).toBe("AI Product");
  });

  it("maps every chip to the category label stored on generations", () => {
    expect(parseActivityQuery({ category: "headshot-pro" }).category).toBe("Headshot Pro");
    expect(parseActivityQuery({ category: "body-shaper" }).category).toBe("Body Shaper");
    expect(parseActivityQuery({ category: "ai-product" }).category).toBe("AI Product");
  });

  it("builds links that keep the filter and leave the defaults out", () => {
    expect(activityHref({})).toBe("/activity");
    expect(activityHref({ categorySlug: "ai-product" })).toBe("/activity?category=ai-product");
    expect(activityHref({ categorySlug: "ai-product", page: 2 })).toBe("/activity?category=ai-product&page=2");
    expect(activityHref({ page: 1 })).toBe("/activity");
  });
});
