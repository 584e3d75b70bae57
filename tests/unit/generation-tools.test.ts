import { describe, expect, it } from "vitest";
import { bodyShapes, hairStyles, headshotStyles } from "@/lib/generation/catalog";
import * as catalog from "@/lib/generation/tool-catalog";
import { aiProduct, bodyShaper, editInputSchema, hairChanger, headshotPro, tools } from "@/lib/generation/tools";
import { countWords, limitWords } from "@/lib/generation/words";

describe("tool catalogues", () => {
  it("match the spec's lists", () => {
    expect(headshotStyles).toHaveLength(10);
    expect(hairStyles.female).toHaveLength(17);
    expect(hairStyles.male).toHaveLength(18);
    expect(bodyShapes.male).toHaveLength(17);
    expect(bodyShapes.female).toHaveLength(17);
    expect(bodyShapes.male.every((shape) => shape.emoji)).toBe(true);
    expect(tools.map((tool) => tool.slug)).toEqual(["headshot-pro", "ai-product", "hair-changer", "body-shaper"]);
    expect(catalog.findToolBySlug("hair-changer")).toBe(catalog.hairChanger);
    // The server's tools (with schemas) are the browser's catalog entries, in the same order.
    expect(tools.map((tool) => tool.id)).toEqual(catalog.tools.map((tool) => tool.id));
    expect(hairChanger).toEqual({ ...catalog.hairChanger, inputSchema: hairChanger.inputSchema, localEngineSupports: hairChanger.localEngineSupports });
  });
});

describe("tool inputs", () => {
  it("headshots take 1 to 5 distinct styles and cost their package", () => {
    const input = { gender: "female", ageRange: "26_35", styleIds: [1, 2, 3], packageId: "basic" };
    const parsed = headshotPro.inputSchema.parse(input);
    expect(headshotPro.creditCost(parsed)).toBe(20);
    expect(headshotPro.imageCount(parsed)).toBe(10);
    const cashPack = headshotPro.inputSchema.parse({ ...input, packageId: "10_headshots" });
    expect([headshotPro.creditCost(cashPack), headshotPro.imageCount(cashPack)]).toEqual([0, 10]);
    expect(headshotPro.inputSchema.safeParse({ ...input, styleIds: [] }).success).toBe(false);
    expect(headshotPro.inputSchema.safeParse({ ...input, styleIds: [1, 2, 3, 4, 5, 6] }).success).toBe(false);
    expect(headshotPro.inputSchema.safeParse({ ...input, styleIds: [1, 1] }).success).toBe(false);
    expect(headshotPro.inputSchema.safeParse({ ...input, styleIds: [11] }).success).toBe(false);
  });

  it("AI Product needs a prompt that is not blank", () => {
    expect(aiProduct.inputSchema.safeParse({ prompt: "   ", dimension: "auto" }).success).toBe(false);
    const parsed = aiProduct.inputSchema.parse({ prompt: " on red velvet ", dimension: "portrait" });
    expect(parsed.prompt).toBe("on red velvet");
    expect(aiProduct.creditCost(parsed)).toBe(2);
    expect(aiProduct.prompt(parsed)).toContain("on red velvet");
  });

  it("Hair and Body take a style of the chosen gender or a custom prompt of up to 10 words", () => {
    expect(hairChanger.inputSchema.safeParse({ gender: "male", style: "manBun" }).success).toBe(true);
    expect(hairChanger.inputSchema.safeParse({ gender: "female", style: "manBun" }).success).toBe(false);
    expect(hairChanger.inputSchema.safeParse({ gender: "female", style: "custom", customPrompt: "" }).success).toBe(false);
    const custom = { gender: "female", style: "custom", customPrompt: "silver bob with soft bangs" };
    expect(hairChanger.prompt(hairChanger.inputSchema.parse(custom))).toContain("silver bob");
    const tooLong = { ...custom, customPrompt: "one two three four five six seven eight nine ten eleven" };
    expect(bodyShaper.inputSchema.safeParse({ ...tooLong, gender: "male" }).success).toBe(false);
    expect(bodyShaper.prompt(bodyShaper.inputSchema.parse({ gender: "male", style: "vTaper" }))).toContain("V-Taper");
  });

  it("edits need a prompt within the tool's word limit", () => {
    const imageId = "5f0c8b8e-8f7e-4a53-9d55-0c7bb3c1a001";
    expect(editInputSchema(10).safeParse({ imageId, prompt: "" }).success).toBe(false);
    expect(editInputSchema(10).safeParse({ imageId, prompt: "make it warmer" }).success).toBe(true);
    const words101 = Array.from({ length: 101 }, () => "word").join(" ");
    expect(editInputSchema(100).safeParse({ imageId, prompt: words101 }).success).toBe(false);
  });
});

describe("word limits", () => {
  it("counts words and ignores typing past the limit", () => {
    expect(countWords("  one  two\tthree\n")).toBe(3);
    expect(countWords("   ")).toBe(0);
    expect(limitWords("one two ", 2)).toBe("one two ");
    expect(limitWords("one two three", 2)).toBe("one two");
    expect(countWords(limitWords("a b c d e f g h i j k", 10))).toBe(10);
  });
});
