import { describe, expect, it } from "vitest";
import {
  emptyDraft,
  findStep1Problem,
  generationOptions,
  isDraftComplete,
  parseStoredDraft,
  storableDraft,
  type LookDraft,
} from "@/lib/flows/flow-drafts";
import { generationCost } from "@/lib/flows/generation-cost";
import { flowTools } from "@/lib/flows/flow-tools";

const hair = flowTools["hair-changer"];
const body = flowTools["body-shaper"];
const product = flowTools["ai-product"];

const look = (fields: Partial<LookDraft>): LookDraft => ({ kind: "look", gender: null, style: null, customPrompt: "", ...fields });

describe("step 1 requirements (spec §5)", () => {
  it("asks for the image first, whatever else is missing", () => {
    expect(findStep1Problem(emptyDraft(product), false)).toBe("image");
    expect(findStep1Problem(emptyDraft(hair), false)).toBe("image");
  });

  it("needs a prompt that is not blank after trimming for AI Product", () => {
    expect(findStep1Problem({ kind: "product", prompt: "   ", dimension: "auto", presentation: "cutout" }, true)).toBe("prompt");
    expect(findStep1Problem({ kind: "product", prompt: " a desk ", dimension: "square", presentation: "cutout" }, true)).toBeNull();
  });

  it("needs gender, then a style, then a custom description when Custom Prompt is chosen", () => {
    expect(findStep1Problem(look({}), true)).toBe("gender");
    expect(findStep1Problem(look({ gender: "male" }), true)).toBe("style");
    expect(findStep1Problem(look({ gender: "male", style: "custom", customPrompt: "  " }), true)).toBe("customPrompt");
    expect(findStep1Problem(look({ gender: "male", style: "custom", customPrompt: "silver bob" }), true)).toBeNull();
    expect(isDraftComplete(look({ gender: "female", style: "pixieCut" }), true)).toBe(true);
    expect(isDraftComplete(look({ gender: "female", style: "pixieCut" }), false)).toBe(false);
  });
});

describe("restoring a stored draft", () => {
  it("keeps valid fields and falls back field by field", () => {
    expect(parseStoredDraft(product, { prompt: "on sand", dimension: "portrait", presentation: "framed" })).toEqual({
      kind: "product",
      prompt: "on sand",
      dimension: "portrait",
      presentation: "framed",
    });
    expect(parseStoredDraft(product, { prompt: 12, dimension: "wide", presentation: "poster" })).toEqual(emptyDraft(product));
    expect(parseStoredDraft(product, "garbage")).toEqual(emptyDraft(product));
  });

  it("drops a style that does not belong to the gender or tool", () => {
    expect(parseStoredDraft(hair, { gender: "male", style: "pixieCut", customPrompt: "" })).toEqual(look({ gender: "male" }));
    expect(parseStoredDraft(body, { gender: "female", style: "hourglassFigure", customPrompt: "" })).toEqual(
      look({ gender: "female", style: "hourglassFigure" }),
    );
    expect(parseStoredDraft(body, { gender: "male", style: "hourglassFigure", customPrompt: "" }).kind).toBe("look");
    expect(parseStoredDraft(hair, { gender: null, style: "blonde", customPrompt: "" })).toEqual(look({}));
  });

  it("keeps a custom prompt within the 10-word limit", () => {
    const restored = parseStoredDraft(hair, {
      gender: "female",
      style: "custom",
      customPrompt: "one two three four five six seven eight nine ten eleven twelve",
    });
    expect(restored).toEqual(look({ gender: "female", style: "custom", customPrompt: "one two three four five six seven eight nine ten" }));
  });

  it("stores everything but the kind, and round-trips", () => {
    const draft = look({ gender: "male", style: "custom", customPrompt: "spiky and green" });
    expect(storableDraft(draft)).toEqual({ gender: "male", style: "custom", customPrompt: "spiky and green" });
    expect(parseStoredDraft(hair, JSON.parse(JSON.stringify(storableDraft(draft))))).toEqual(draft);
  });
});

describe("what Generate sends", () => {
  it("sends the custom prompt only with the custom style", () => {
    expect(generationOptions(look({ gender: "male", style: "spiky", customPrompt: "leftover text" }))).toEqual({
      gender: "male",
      style: "spiky",
      customPrompt: "",
    });
    expect(generationOptions(look({ gender: "male", style: "custom", customPrompt: " green mohawk " }))).toEqual({
      gender: "male",
      style: "custom",
      customPrompt: "green mohawk",
    });
    expect(generationOptions({ kind: "product", prompt: " on a desk ", dimension: "landscape", presentation: "framed" })).toEqual({
      prompt: "on a desk",
      dimension: "landscape",
      presentation: "framed",
    });
  });

  it("prices a valid draft with the tool description (2 credits) and nothing for an invalid one", () => {
    expect(generationCost(hair, look({ gender: "male", style: "spiky" }))).toBe(2);
    expect(generationCost(body, look({ gender: "female", style: "custom", customPrompt: "strong legs" }))).toBe(2);
    expect(generationCost(product, { kind: "product", prompt: "on a desk", dimension: "auto", presentation: "cutout" })).toBe(2);
    expect(generationCost(hair, look({ gender: "male" }))).toBeNull();
  });
});
