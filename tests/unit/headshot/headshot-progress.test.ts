import { describe, expect, it } from "vitest";
import { headshotShownProgress } from "@/lib/headshot/headshot-progress";

const at = (status: "pending" | "processing" | "complete" | "failed", serverProgress: number, seconds: number) =>
  headshotShownProgress({ status, serverProgress, elapsedMs: seconds * 1000 });

describe("the headshot loading bar (spec §4 Headshot loading)", () => {
  it("jumps to 10 when accepted, 30 when started and 50 once the engine works", () => {
    expect(at("pending", 0, 0)).toBe(10);
    expect(at("processing", 0, 0)).toBe(30);
    expect(at("processing", 5, 0)).toBe(50);
  });

  it("waits at 10 while queued: a job nobody took has done nothing", () => {
    expect(at("pending", 0, 120)).toBe(10);
  });

  it("creeps by small steps every 2 seconds, never past 80 and never back", () => {
    let previous = at("processing", 5, 0);
    for (let seconds = 1; seconds <= 300; seconds += 1) {
      const shown = at("processing", 5, seconds);
      expect(shown).toBeGreaterThanOrEqual(previous);
      expect(shown - previous).toBeLessThanOrEqual(3);
      previous = shown;
    }
    expect(previous).toBe(80);
    expect(at("processing", 5, 1.9)).toBe(at("processing", 5, 0));
  });

  it("never shows less than the server's progress, and 100 only when complete", () => {
    expect(at("processing", 70, 0)).toBe(70);
    expect(at("processing", 99, 0)).toBe(80);
    expect(at("complete", 40, 0)).toBe(100);
  });
});
