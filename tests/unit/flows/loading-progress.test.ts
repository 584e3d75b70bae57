import { describe, expect, it } from "vitest";
import { rotatingMessageIndex, shownProgress } from "@/lib/flows/loading-progress";

const base = { status: "processing" as const, serverProgress: 0, expectedDurationMs: 60_000 };

describe("generic loading progress (spec §4)", () => {
  it("rises toward 95 over the expected duration", () => {
    expect(shownProgress({ ...base, elapsedMs: 0 })).toBe(0);
    expect(shownProgress({ ...base, elapsedMs: 30_000 })).toBe(48);
    expect(shownProgress({ ...base, elapsedMs: 60_000 })).toBe(95);
  });

  it("never goes above 95 before completion, however long it takes", () => {
    expect(shownProgress({ ...base, elapsedMs: 10 * 60_000 })).toBe(95);
    expect(shownProgress({ ...base, serverProgress: 99, elapsedMs: 1000 })).toBe(95);
  });

  it("never shows less than the server's real progress", () => {
    expect(shownProgress({ ...base, serverProgress: 70, elapsedMs: 1000 })).toBe(70);
  });

  it("is 100 on success and ignores nonsense inputs", () => {
    expect(shownProgress({ ...base, status: "complete", elapsedMs: 0 })).toBe(100);
    expect(shownProgress({ ...base, elapsedMs: -5000 })).toBe(0);
    expect(shownProgress({ ...base, serverProgress: Number.NaN, elapsedMs: 0 })).toBe(0);
    expect(shownProgress({ ...base, expectedDurationMs: 0, elapsedMs: 0 })).toBe(95);
  });

  it("rotates the four messages every 15 seconds", () => {
    expect([0, 14_999, 15_000, 30_000, 45_000, 60_000].map((ms) => rotatingMessageIndex(ms, 4))).toEqual([0, 0, 1, 2, 3, 0]);
    expect(rotatingMessageIndex(20_000, 0)).toBe(0);
  });
});
