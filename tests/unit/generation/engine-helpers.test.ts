import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "@/lib/generation/engines/download/private-addresses";
import { engineNameFor, type EngineEnv } from "@/lib/generation/engines/engine-choice";
import { webhookRequestBody } from "@/lib/generation/engines/webhook/webhook-requests";
import { interpretWebhookResponse, webhookResponseSchema } from "@/lib/generation/engines/webhook/webhook-responses";
import { MissingGenerationDataError } from "@/lib/generation/errors";
import { parseToolInput } from "@/lib/generation/tool-input";
import { aiProduct, hairChanger, headshotPro } from "@/lib/generation/tools";
import { parseEnv } from "@/lib/env";

describe("private addresses", () => {
  it("refuses loopback, private, link-local, metadata and mapped addresses", () => {
    for (const address of ["127.0.0.1", "10.1.2.3", "172.20.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "fd00::1", "fe80::1", "::ffff:127.0.0.1", "::ffff:7f00:1", "[::1]", "not-an-ip"]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it("allows public addresses", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});

describe("webhook responses", () => {
  const interpret = (body: unknown) => interpretWebhookResponse(webhookResponseSchema.parse(body));

  it("reads headshot maps in key order, results lists, single URLs and edited_image", () => {
    expect(interpret({ success: true, generated_images: { image_10: "c", image_2: "b", image_1: "a" } })).toEqual({
      kind: "images",
      references: ["a", "b", "c"],
    });
    expect(interpret({ success: true, results: ["x", "y"] })).toEqual({ kind: "images", references: ["x", "y"] });
    expect(interpret({ success: true, results: "x" })).toEqual({ kind: "images", references: ["x"] });
    expect(interpret({ success: true, results: { edited_image: "e", original_settings: { gender: "male" } } })).toEqual({
      kind: "images",
      references: ["e"],
    });
  });

  it("reports declared errors and empty answers", () => {
    expect(interpret({ success: false, error: "face not found" })).toEqual({ kind: "error", message: "face not found" });
    expect(interpret({ success: true, error: { message: "quota" } })).toEqual({ kind: "error", message: "quota" });
    expect(interpret({ success: false, message: "busy" })).toEqual({ kind: "error", message: "busy" });
    expect(interpret({ success: false })).toEqual({ kind: "error", message: null });
    expect(interpret({ success: true, message: "ok", results: "x" })).toEqual({ kind: "images", references: ["x"] });
    expect(interpret({ success: true })).toEqual({ kind: "empty" });
    expect(interpret({ success: true, results: {} })).toEqual({ kind: "empty" });
    expect(webhookResponseSchema.safeParse({ success: "yes" }).success).toBe(false);
  });

  it("sends the spec's request bodies", () => {
    const image = { data: Buffer.from("abc"), contentType: "image/jpeg" };
    const base = { generationId: "g", prompt: "p", imageCount: 10, image };
    expect(
      webhookRequestBody({ ...base, tool: "headshot_pro", input: { gender: "male", ageRange: "26_35", styleIds: [1, 3], packageId: "basic" } }),
    ).toEqual({
      uploadedImageBlob: "data:image/jpeg;base64,YWJj",
      selectedStyles: [
        { id: 1, name: "Corporate / Executive" },
        { id: 3, name: "Studio Clean" },
      ],
      gender: "male",
      ageRange: "26–35",
      numberShots: 10,
    });
    expect(webhookRequestBody({ ...base, tool: "hair_changer", input: { gender: "male", style: "manBun", customPrompt: "" } })).toEqual({
      uploadedImageBlob: "data:image/jpeg;base64,YWJj",
      gender: "male",
      selectedStyle: "Man Bun",
      customPrompt: "",
    });
    expect(
      webhookRequestBody({ ...base, tool: "edit", input: { prompt: "brighter", sourceTool: "ai_product", sourceImageId: "00000000-0000-4000-8000-000000000001" } }),
    ).toEqual({ imageUrl: "data:image/jpeg;base64,YWJj", prompt: "brighter" });
  });
});

describe("engine choice", () => {
  it("uses IMAGE_ENGINE, overridden per tool, the local engine by default", () => {
    const config: EngineEnv = parseEnv({ IMAGE_ENGINE: "webhook", IMAGE_ENGINE_EDIT: "openai" });
    expect(engineNameFor("hair_changer", config)).toBe("webhook");
    expect(engineNameFor("edit", config)).toBe("openai");
    expect(engineNameFor("ai_product", parseEnv({}))).toBe("local");
  });
});

describe("generation pre-checks", () => {
  function missing(run: () => unknown): { key: string; fields: readonly string[] } {
    try {
      run();
    } catch (error) {
      if (error instanceof MissingGenerationDataError) return { key: error.messageKey, fields: error.fields };
      throw error;
    }
    throw new Error("no error");
  }

  it("names the missing fields the way the spec does", () => {
    expect(missing(() => parseToolInput(headshotPro, { gender: "male", styleIds: [] }, false))).toEqual({
      key: "errors.missingHeadshotData",
      fields: ["image", "styleIds", "ageRange"],
    });
    expect(missing(() => parseToolInput(aiProduct, { prompt: "  ", dimension: "auto" }, true))).toEqual({
      key: "errors.missingGenerationData",
      fields: ["prompt"],
    });
    expect(missing(() => parseToolInput(hairChanger, {}, true))).toEqual({
      key: "errors.missingGenerationData",
      fields: ["gender", "style"],
    });
  });

  it("asks for a package, then validates with the tool's schema", () => {
    const headshot = { gender: "male", ageRange: "26_35", styleIds: [1] };
    expect(() => parseToolInput(headshotPro, headshot, true)).toThrow("errors.noPackageSelected");
    expect(() => parseToolInput(hairChanger, { gender: "male", style: "unknown" }, true)).toThrow("errors.invalidInput");
    expect(parseToolInput(aiProduct, { prompt: " a ", dimension: "square" }, true)).toEqual({ prompt: "a", dimension: "square", presentation: "cutout" });
  });
});
