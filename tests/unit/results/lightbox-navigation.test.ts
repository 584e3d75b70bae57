import { describe, expect, it } from "vitest";
import { stepForKey, wrapIndex } from "@/lib/results/lightbox-navigation";

describe("lightbox stepping (spec §2 image viewer)", () => {
  it("wraps around at both ends", () => {
    expect(wrapIndex(0, 1, 3)).toBe(1);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, -1, 3)).toBe(0);
  });

  it("stays on the only image and copes with an empty list", () => {
    expect(wrapIndex(0, 1, 1)).toBe(0);
    expect(wrapIndex(0, -1, 1)).toBe(0);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });

  it("maps the arrow keys to next and previous in left-to-right languages", () => {
    expect(stepForKey("ArrowRight", "ltr")).toBe(1);
    expect(stepForKey("ArrowLeft", "ltr")).toBe(-1);
  });

  it("mirrors the arrow keys in right-to-left languages, as the layout is mirrored", () => {
    expect(stepForKey("ArrowLeft", "rtl")).toBe(1);
    expect(stepForKey("ArrowRight", "rtl")).toBe(-1);
  });

  it("ignores other keys", () => {
    for (const key of ["ArrowUp", "ArrowDown", "Enter", " ", "Escape", "a"]) {
      expect(stepForKey(key, "ltr")).toBe(0);
      expect(stepForKey(key, "rtl")).toBe(0);
    }
  });
});
