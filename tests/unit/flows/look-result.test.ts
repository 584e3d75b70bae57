import { describe, expect, it } from "vitest";
import { findFlowTool, findFlowToolById, flowStorageKeys, flowTools, type LookFlowTool } from "@/lib/flows/flow-tools";
import { lookResultOf } from "@/lib/flows/look-result";

function lookFlow(slug: "hair-changer" | "body-shaper"): LookFlowTool {
  const flow = flowTools[slug];
  if (flow.kind !== "look") throw new Error(`${slug} is not a look flow`);
  return flow;
}
const hair = lookFlow("hair-changer");

describe("flow tools", () => {
  it("knows exactly the three two-step tools", () => {
    expect(findFlowTool("hair-changer")?.tool.id).toBe("hair_changer");
    expect(findFlowTool("headshot-pro")).toBeUndefined();
    expect(findFlowTool("dashboard")).toBeUndefined();
    expect(findFlowToolById("body_shaper")?.slug).toBe("body-shaper");
    expect(findFlowToolById("edit")).toBeUndefined();
    expect(flowStorageKeys).toEqual([
      "aiProductDraft",
      "aiProductGenerationId",
      "hairChangerDraft",
      "hairChangerGenerationId",
      "bodyShaperDraft",
      "bodyShaperGenerationId",
    ]);
  });
});

describe("result banner data", () => {
  it("names the gender and look, or the custom prompt", () => {
    expect(lookResultOf(hair, { gender: "female", style: "curlyBob", customPrompt: "" })).toEqual({
      gender: "female",
      kind: "look",
      lookId: "curlyBob",
      lookName: "Curly Bob",
    });
    expect(lookResultOf(hair, { gender: "male", style: "custom", customPrompt: "green mohawk" })).toEqual({
      gender: "male",
      kind: "custom",
      customPrompt: "green mohawk",
    });
    expect(lookResultOf(hair, { prompt: "not a look" })).toBeNull();
  });
});
