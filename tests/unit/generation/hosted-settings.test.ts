import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { falDefaults, falToolSettings, geminiDefaults, replicateDefaults, replicateToolSettings } from "@/lib/generation/engines/hosted/default-models";
import { asksForCount, fillTemplate } from "@/lib/generation/engines/hosted/input-template";
import { isSafetyRefusal } from "@/lib/generation/engines/hosted/refusals";

describe("input templates", () => {
  const values = { prompt: "Curly bob", image: "data:image/jpeg;base64,AAAA", count: 3, aspect_ratio: "3:2" };

  it("put typed values where a string is one placeholder, text inside longer strings, and drop unknown ones", () => {
    expect(
      fillTemplate(
        {
          prompt: "{{prompt}}",
          caption: "Photo: {{prompt}} ({{image_size}})",
          num_outputs: "{{count}}",
          aspect_ratio: "{{aspect_ratio}}",
          image_size: "{{image_size}}",
          nested: { images: ["{{image}}", "{{image_size}}"], guidance: 2.5 },
          safety_tolerance: 2,
        },
        values,
      ),
    ).toEqual({
      prompt: "Curly bob",
      caption: "Photo: Curly bob ()",
      num_outputs: 3,
      aspect_ratio: "3:2",
      nested: { images: ["data:image/jpeg;base64,AAAA"], guidance: 2.5 },
      safety_tolerance: 2,
    });
  });

  it("know when a model makes several images per request", () => {
    expect(asksForCount({ num_outputs: "{{count}}" })).toBe(true);
    expect(asksForCount({ prompt: "{{prompt}}" })).toBe(false);
  });
});

describe("hosted model settings", () => {
  it("take a tool's model and template from the environment and keep the defaults elsewhere", () => {
    const config = parseEnv({
      REPLICATE_MODEL_HAIR_CHANGER: "acme/hair-model:1234",
      REPLICATE_INPUT_HAIR_CHANGER: '{"image":"{{image}}","instruction":"{{prompt}}","strength":0.6}',
    });
    const settings = replicateToolSettings(config);
    expect(settings.hair_changer).toEqual({ model: "acme/hair-model:1234", input: { image: "{{image}}", instruction: "{{prompt}}", strength: 0.6 } });
    expect(settings.body_shaper).toEqual(replicateDefaults.body_shaper);
    expect(falToolSettings(config)).toEqual(falDefaults);
  });

  it("refuse a template that is not a JSON object", () => {
    expect(() => parseEnv({ FAL_INPUT_EDIT: "{not json" })).toThrow(/FAL_INPUT_EDIT/);
    expect(() => parseEnv({ FAL_INPUT_EDIT: "[1, 2]" })).toThrow(/FAL_INPUT_EDIT/);
  });

  it("are documented in .env.example exactly as the code defaults them", () => {
    const example = readFileSync(path.join(import.meta.dirname, "../../../.env.example"), "utf8");
    const documented = (name: string) => {
      const line = example.split("\n").find((candidate) => candidate.startsWith(`# ${name}=`));
      return line?.slice(`# ${name}=`.length);
    };
    const tools = [
      ["headshot_pro", "HEADSHOT_PRO"],
      ["ai_product", "AI_PRODUCT"],
      ["hair_changer", "HAIR_CHANGER"],
      ["body_shaper", "BODY_SHAPER"],
      ["edit", "EDIT"],
    ] as const;
    for (const [tool, suffix] of tools) {
      expect(documented(`REPLICATE_MODEL_${suffix}`)).toBe(replicateDefaults[tool].model);
      expect(JSON.parse(documented(`REPLICATE_INPUT_${suffix}`) ?? "null")).toEqual(replicateDefaults[tool].input);
      expect(documented(`FAL_MODEL_${suffix}`)).toBe(falDefaults[tool].model);
      expect(JSON.parse(documented(`FAL_INPUT_${suffix}`) ?? "null")).toEqual(falDefaults[tool].input);
      expect(documented(`GEMINI_MODEL_${suffix}`)).toBe(geminiDefaults[tool].model);
      expect(JSON.parse(documented(`GEMINI_CONFIG_${suffix}`) ?? "null")).toEqual(geminiDefaults[tool].input);
    }
  });
});

describe("safety refusals", () => {
  it("are told apart from other failures by what the service says", () => {
    expect(isSafetyRefusal("NSFW content detected. Try running it again, or try a different prompt.")).toBe(true);
    expect(isSafetyRefusal("Your input was flagged as sensitive. Please try again with different inputs. (E005)")).toBe(true);
    expect(isSafetyRefusal("The request was blocked for safety (SAFETY)")).toBe(true);
    expect(isSafetyRefusal("CUDA out of memory")).toBe(false);
    expect(isSafetyRefusal("Prediction interrupted; please retry (code: PA)")).toBe(false);
    expect(isSafetyRefusal(null)).toBe(false);
  });
});
