import { describe, expect, it } from "vitest";
import { planRequests, positionsToMake } from "@/lib/generation/engines/request-plan";
import type { EngineJob } from "@/lib/generation/engines/types";
import { isDeliverable, isLikenessGuarded, judgeLikeness, likenessThreshold } from "@/lib/generation/likeness/likeness-rules";
import { likenessCheckRows, type LikenessCheckRecord } from "@/lib/generation/worker/likeness-guard";

/** The likeness guard's rules (decision 24) and how a remake asks an engine for some positions only. */

describe("likeness rules", () => {
  it("passes one face at or above the threshold, and names every other case", () => {
    expect(judgeLikeness({ faces: 1, score: likenessThreshold })).toBe("passed");
    expect(judgeLikeness({ faces: 1, score: 0.99 })).toBe("passed");
    expect(judgeLikeness({ faces: 1, score: likenessThreshold - 0.01 })).toBe("notSamePerson");
    expect(judgeLikeness({ faces: 0, score: null })).toBe("noFace");
    expect(judgeLikeness({ faces: 2, score: 0.95 })).toBe("severalFaces");
    expect(isDeliverable("passed") && isDeliverable("unchecked")).toBe(true);
    expect(isDeliverable("notSamePerson") || isDeliverable("noFace") || isDeliverable("severalFaces")).toBe(false);
  });

  it("guards the tools that show the user, and edits of their images, not AI Product", () => {
    expect(isLikenessGuarded({ tool: "headshot_pro", input: {} })).toBe(true);
    expect(isLikenessGuarded({ tool: "hair_changer", input: {} })).toBe(true);
    expect(isLikenessGuarded({ tool: "body_shaper", input: {} })).toBe(true);
    expect(isLikenessGuarded({ tool: "ai_product", input: {} })).toBe(false);
    const edit = (sourceTool: string) => ({ prompt: "warmer", sourceTool, sourceImageId: "11111111-1111-4111-8111-111111111111" });
    expect(isLikenessGuarded({ tool: "edit", input: edit("body_shaper") })).toBe(true);
    expect(isLikenessGuarded({ tool: "edit", input: edit("ai_product") })).toBe(false);
    expect(isLikenessGuarded({ tool: "edit", input: { prompt: "x" } })).toBe(false);
  });

  it("names each delivered check's image, in the order of the positions", () => {
    const check = (position: number, attempt: 1 | 2, delivered: boolean): LikenessCheckRecord => ({
      position,
      attempt,
      delivered,
      verdict: delivered ? "passed" : "noFace",
      score: delivered ? 0.9 : null,
      faces: delivered ? 1 : 0,
    });
    const rows = likenessCheckRows("g", [check(0, 1, true), check(1, 1, false), check(2, 1, true), check(1, 2, true)], ["image-0", "image-1", "image-2"]);
    expect(rows.map((row) => [row.position, row.attempt, row.imageId])).toEqual([
      [0, 1, "image-0"],
      [1, 1, null],
      [2, 1, "image-2"],
      [1, 2, "image-1"],
    ]);
  });
});

describe("making some positions again", () => {
  const headshots = (positions?: number[]): EngineJob => ({
    tool: "headshot_pro",
    generationId: "g",
    prompt: "",
    image: { data: Buffer.from([]), contentType: "image/jpeg" },
    imageCount: 10,
    positions,
    input: { gender: "female", ageRange: "36_45", styleIds: [1, 5, 9], packageId: "basic" },
  });

  it("asks for each style's share in order when the whole job is made", () => {
    expect(positionsToMake(headshots())).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(planRequests(headshots(), 4).map((request) => request.count)).toEqual([4, 3, 3]);
  });

  it("asks only for the positions made again, each with its own style", () => {
    const job = headshots([2, 3, 9]);
    expect(positionsToMake(job)).toEqual([2, 3, 9]);
    const requests = planRequests(job, 4);
    // Positions 0-3 are the first style's, 4-6 the second's, 7-9 the third's.
    expect(requests.map((request) => request.count)).toEqual([2, 1]);
    expect(requests[0]!.prompt).toBe(planRequests(headshots([0]), 4)[0]!.prompt);
    expect(requests[1]!.prompt).toBe(planRequests(headshots([8]), 4)[0]!.prompt);
    expect(requests[0]!.prompt).not.toBe(requests[1]!.prompt);
  });
});
