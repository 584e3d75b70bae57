import type { GenerationTool } from "@/db/schema";
import type { Env } from "@/lib/env";
import type { HostedToolSettings, HostedToolSetting } from "./hosted-settings";
import type { InputTemplate } from "./input-template";

/**
 * Each tool's model on each hosted service, and how its request maps onto the model's input,
 * unless the operator sets <SERVICE>_MODEL_<TOOL> / <SERVICE>_INPUT_<TOOL> (GEMINI_CONFIG_<TOOL>).
 * Headshots go to an identity-preserving model (PuLID on FLUX, which keeps the face of the
 * reference photo); Hair Changer, Body Shaper, AI Product and edits to an instruction-editing
 * model (FLUX.1 Kontext, which changes what the prompt says and keeps the rest). Gemini's image
 * model does both. Placeholders are explained in input-template.ts.
 */

type ToolTemplates = Record<GenerationTool, HostedToolSetting>;

const editingTools = (model: string, productInput: InputTemplate, input: InputTemplate) => ({
  ai_product: { model, input: productInput },
  hair_changer: { model, input },
  body_shaper: { model, input },
  edit: { model, input },
});

const replicateKontext: InputTemplate = {
  prompt: "{{prompt}}",
  input_image: "{{image}}",
  output_format: "jpg",
  safety_tolerance: 2,
};

export const replicateDefaults: ToolTemplates = {
  headshot_pro: {
    model: "bytedance/flux-pulid:8baa7ef2255075b46f4d91cd238c21d31181b3e6a864463f967960bb0112525b",
    input: {
      main_face_image: "{{image}}",
      prompt: "{{prompt}}",
      width: 896,
      height: 1152,
      num_outputs: "{{count}}",
      id_weight: 1,
      output_format: "jpg",
    },
  },
  ...editingTools("black-forest-labs/flux-kontext-pro", { ...replicateKontext, aspect_ratio: "{{aspect_ratio}}" }, replicateKontext),
};

const falKontext: InputTemplate = {
  prompt: "{{prompt}}",
  image_url: "{{image}}",
  num_images: "{{count}}",
  output_format: "jpeg",
  safety_tolerance: "2",
};

export const falDefaults: ToolTemplates = {
  headshot_pro: {
    model: "fal-ai/flux-pulid",
    input: {
      prompt: "{{prompt}}",
      reference_image_url: "{{image}}",
      image_size: "{{image_size}}",
      id_weight: 1,
      enable_safety_checker: true,
    },
  },
  ...editingTools("fal-ai/flux-pro/kontext", { ...falKontext, aspect_ratio: "{{aspect_ratio}}" }, falKontext),
};

/** Gemini's request is the prompt and the photo; the template is its generation config. */
const geminiConfig: InputTemplate = { responseModalities: ["IMAGE"], imageConfig: { aspectRatio: "{{aspect_ratio}}" } };

export const geminiDefaults: ToolTemplates = {
  headshot_pro: { model: "gemini-2.5-flash-image", input: geminiConfig },
  ...editingTools("gemini-2.5-flash-image", geminiConfig, geminiConfig),
};

type Overrides = Record<GenerationTool, { model?: string; input?: InputTemplate }>;

function withOverrides(defaults: ToolTemplates, overrides: Overrides): HostedToolSettings {
  const tool = (id: GenerationTool): HostedToolSetting => ({
    model: overrides[id].model ?? defaults[id].model,
    input: overrides[id].input ?? defaults[id].input,
  });
  return {
    headshot_pro: tool("headshot_pro"),
    ai_product: tool("ai_product"),
    hair_changer: tool("hair_changer"),
    body_shaper: tool("body_shaper"),
    edit: tool("edit"),
  };
}

export type HostedModelEnv = Pick<
  Env,
  | `REPLICATE_MODEL_${"HEADSHOT_PRO" | "AI_PRODUCT" | "HAIR_CHANGER" | "BODY_SHAPER" | "EDIT"}`
  | `REPLICATE_INPUT_${"HEADSHOT_PRO" | "AI_PRODUCT" | "HAIR_CHANGER" | "BODY_SHAPER" | "EDIT"}`
  | `FAL_MODEL_${"HEADSHOT_PRO" | "AI_PRODUCT" | "HAIR_CHANGER" | "BODY_SHAPER" | "EDIT"}`
  | `FAL_INPUT_${"HEADSHOT_PRO" | "AI_PRODUCT" | "HAIR_CHANGER" | "BODY_SHAPER" | "EDIT"}`
  | `GEMINI_MODEL_${"HEADSHOT_PRO" | "AI_PRODUCT" | "HAIR_CHANGER" | "BODY_SHAPER" | "EDIT"}`
  | `GEMINI_CONFIG_${"HEADSHOT_PRO" | "AI_PRODUCT" | "HAIR_CHANGER" | "BODY_SHAPER" | "EDIT"}`
>;

export function replicateToolSettings(config: HostedModelEnv): HostedToolSettings {
  return withOverrides(replicateDefaults, {
    headshot_pro: { model: config.REPLICATE_MODEL_HEADSHOT_PRO, input: config.REPLICATE_INPUT_HEADSHOT_PRO },
    ai_product: { model: config.REPLICATE_MODEL_AI_PRODUCT, input: config.REPLICATE_INPUT_AI_PRODUCT },
    hair_changer: { model: config.REPLICATE_MODEL_HAIR_CHANGER, input: config.REPLICATE_INPUT_HAIR_CHANGER },
    body_shaper: { model: config.REPLICATE_MODEL_BODY_SHAPER, input: config.REPLICATE_INPUT_BODY_SHAPER },
    edit: { model: config.REPLICATE_MODEL_EDIT, input: config.REPLICATE_INPUT_EDIT },
  });
}

export function falToolSettings(config: HostedModelEnv): HostedToolSettings {
  return withOverrides(falDefaults, {
    headshot_pro: { model: config.FAL_MODEL_HEADSHOT_PRO, input: config.FAL_INPUT_HEADSHOT_PRO },
    ai_product: { model: config.FAL_MODEL_AI_PRODUCT, input: config.FAL_INPUT_AI_PRODUCT },
    hair_changer: { model: config.FAL_MODEL_HAIR_CHANGER, input: config.FAL_INPUT_HAIR_CHANGER },
    body_shaper: { model: config.FAL_MODEL_BODY_SHAPER, input: config.FAL_INPUT_BODY_SHAPER },
    edit: { model: config.FAL_MODEL_EDIT, input: config.FAL_INPUT_EDIT },
  });
}

export function geminiToolSettings(config: HostedModelEnv): HostedToolSettings {
  return withOverrides(geminiDefaults, {
    headshot_pro: { model: config.GEMINI_MODEL_HEADSHOT_PRO, input: config.GEMINI_CONFIG_HEADSHOT_PRO },
    ai_product: { model: config.GEMINI_MODEL_AI_PRODUCT, input: config.GEMINI_CONFIG_AI_PRODUCT },
    hair_changer: { model: config.GEMINI_MODEL_HAIR_CHANGER, input: config.GEMINI_CONFIG_HAIR_CHANGER },
    body_shaper: { model: config.GEMINI_MODEL_BODY_SHAPER, input: config.GEMINI_CONFIG_BODY_SHAPER },
    edit: { model: config.GEMINI_MODEL_EDIT, input: config.GEMINI_CONFIG_EDIT },
  });
}
