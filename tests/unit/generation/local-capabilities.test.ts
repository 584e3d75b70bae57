import { describe, expect, it } from "vitest";
import { bodyShapes, hairStyles } from "@/lib/generation/catalog";
import { bodyAdjustmentsInPrompt } from "@/lib/generation/engines/local/body/body-shapes";
import { hairColoursInPrompt } from "@/lib/generation/engines/local/hair/hair-colours";
import { looksNeedingAiEngine } from "@/lib/generation/engines/local/local-capabilities";
import { bodyShaper, editJob, hairChanger, headshotPro } from "@/lib/generation/tools";

/** What the local engine says it can make (decision 21). */

describe("local engine capabilities", () => {
  it("paints hair colours named in any of the five languages, and only colours", () => {
    expect(hairColoursInPrompt("platinum blonde")).toEqual(["platinum", "blonde"]);
    expect(hairColoursInPrompt("dunkelbraun")).toEqual(["brunette"]);
    expect(hairColoursInPrompt("cheveux roux")).toEqual(["red"]);
    expect(hairColoursInPrompt("pelo azul")).toEqual(["blue"]);
    expect(hairColoursInPrompt("شعر وردي")).toEqual(["pink"]);
    expect(hairColoursInPrompt("curly bob")).toEqual([]);
    expect(hairChanger.localEngineSupports({ gender: "female", style: "blonde", customPrompt: "" })).toBe(true);
    expect(hairChanger.localEngineSupports({ gender: "female", style: "afro", customPrompt: "" })).toBe(false);
  });

  it("warps the contours a prompt names, and refuses muscle and tone", () => {
    expect(bodyAdjustmentsInPrompt("narrower waist, broader shoulders")).toMatchObject({ waist: -0.22, shoulders: 0.22 });
    expect(bodyAdjustmentsInPrompt("schmalere Taille")).toMatchObject({ waist: -0.22 });
    expect(bodyAdjustmentsInPrompt("hanches plus larges")?.hips).toBeGreaterThan(0);
    expect(bodyAdjustmentsInPrompt("brazos más delgados")?.arms).toBeLessThan(0);
    expect(bodyAdjustmentsInPrompt("خصر نحيف")?.waist).toBeLessThan(0);
    expect(bodyAdjustmentsInPrompt("six pack abs")).toBeNull();
    expect(bodyShaper.localEngineSupports({ gender: "male", style: "vTaper", customPrompt: "" })).toBe(true);
    expect(bodyShaper.localEngineSupports({ gender: "male", style: "bodybuilder", customPrompt: "" })).toBe(false);
  });

  it("lists, for the style tiles, exactly the looks of each gender it cannot make", () => {
    const hair = looksNeedingAiEngine("hair_changer", hairStyles);
    expect(hair.female).toContain("afro");
    expect(hair.female).not.toContain("blonde");
    const body = looksNeedingAiEngine("body_shaper", bodyShapes);
    expect(body.male).toContain("bodybuilder");
    expect(body.male).not.toContain("vTaper");
    for (const [tool, looks, needing] of [[hairChanger, hairStyles, hair], [bodyShaper, bodyShapes, body]] as const) {
      for (const gender of ["male", "female"] as const) {
        const refused = looks[gender].filter((look) => !tool.localEngineSupports({ gender, style: look.id, customPrompt: "" }));
        expect(needing[gender]).toEqual(refused.map((look) => look.id));
      }
    }
  });

  it("makes every headshot style and only the edits of its vocabulary", () => {
    expect(headshotPro.localEngineSupports({ gender: "male", ageRange: "18_25", styleIds: [1, 5, 10], packageId: "basic" })).toBe(true);
    expect(editJob.localEngineSupports("black and white")).toBe(true);
    expect(editJob.localEngineSupports("put me on the moon")).toBe(false);
  });
});
