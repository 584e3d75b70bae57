import type { GenerationTool } from "@/db/schema";
import type { Env } from "@/lib/env";
import type { HostedToolSettings, HostedToolSetting } from "./hosted-settings";
import type { InputTemplate } from "./input-template";
import type { ModelPrice } from "./model-prices";

/**
 * Each tool's model on each hosted service, and how its request maps onto the model's input,
 * unless the operator sets <SERVICE>_MODEL_<TOOL> / <SERVICE>_INPUT_<TOOL> (GEMINI_CONFIG_<TOOL>).
 * Headshots go to an identity-preserving model (PuLID on FLUX, which keeps the face of the
 * reference photo); Hair Changer, Body Shaper, AI Product and edits to an instruction-editing
 * model (FLUX.1 Kontext, which changes what the prompt says and keeps the rest). Gemini's image
 * model does both. Placeholders are explained in input-template.ts.
 */

type ToolTemplates = Record<GenerationTool, HostedToolSetting>;

/**
 * The default models (decision 26): each one a model its provider serves, as checked on
 * `checkedOn` against the provider's own model page and deprecation list (`source`), with its
 * price there (`price`, `priceSource`: the cost report's default, MODEL_PRICES overrides it).
 * README's "Hosted image models" shows this table; the server also looks each configured model
 * up at its provider when it starts (model-checks.ts). Check again, and update the date, before
 * relying on a default.
 */
export interface DefaultModel {
  service: "replicate" | "fal" | "gemini";
  model: string;
  /** The tools it is the default of. */
  tools: readonly GenerationTool[];
  checkedOn: string;
  source: string;
  price: ModelPrice;
  priceSource: string;
}

const headshotTools = ["headshot_pro"] as const;
const editingToolIds = ["ai_product", "hair_changer", "body_shaper", "edit"] as const;
const checkedOn = "2026-11-28";

export const defaultModels = {
  replicateHeadshot: {
    service: "replicate",
    model: "bytedance/flux-pulid:8baa7ef2255075b46f4d91cd238c21d31181b3e6a864463f967960bb0112525b",
    tools: headshotTools,
    checkedOn,
    source: "https://replicate.com/bytedance/flux-pulid",
    // A community model, billed by GPU time: Replicate's price of an Nvidia L40S second.
    price: { perSecond: 0.000975 },
    priceSource: "https://replicate.com/pricing (Nvidia L40S GPU)",
  },
  replicateEditing: {
    service: "replicate",
    model: "black-forest-labs/flux-kontext-pro",
    tools: editingToolIds,
    checkedOn,
    source: "https://replicate.com/black-forest-labs/flux-kontext-pro",
    price: { perImage: 0.04 },
    priceSource: "https://replicate.com/black-forest-labs/flux-kontext-pro (per output image)",
  },
  falHeadshot: {
    service: "fal",
    model: "fal-ai/flux-pulid",
    tools: headshotTools,
    checkedOn,
    source: "https://fal.ai/models/fal-ai/flux-pulid",
    // $0.0333 per megapixel, rounded up: a 768×1024 portrait is one.
    price: { perImage: 0.0333 },
    priceSource: "https://fal.ai/models/fal-ai/flux-pulid ($0.0333 per megapixel)",
  },
  falEditing: {
    service: "fal",
    model: "fal-ai/flux-pro/kontext",
    tools: editingToolIds,
    checkedOn,
    source: "https://fal.ai/models/fal-ai/flux-pro/kontext",
    price: { perImage: 0.04 },
    priceSource: "https://fal.ai/models/fal-ai/flux-pro/kontext (per image)",
  },
  gemini: {
    service: "gemini",
    // Nano Banana 2, stable; gemini-2.5-flash-image (the earlier default) was shut down on 2 October 2026.
    model: "gemini-3.1-flash-image",
    tools: [...headshotTools, ...editingToolIds],
    checkedOn,
    source: "https://ai.google.dev/gemini-api/docs/models, https://ai.google.dev/gemini-api/docs/deprecations",
    // A 1K image is 1,120 output tokens: about $0.067.
    price: { perMillionInputTokens: 0.5, perMillionOutputTokens: 60 },
    priceSource: "https://ai.google.dev/gemini-api/docs/pricing",
  },
} as const satisfies Record<string, DefaultModel>;

export const defaultModelTable: readonly DefaultModel[] = Object.values(defaultModels);

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
    model: defaultModels.replicateHeadshot.model,
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
  ...editingTools(defaultModels.replicateEditing.model, { ...replicateKontext, aspect_ratio: "{{aspect_ratio}}" }, replicateKontext),
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
    model: defaultModels.falHeadshot.model,
    input: {
      prompt: "{{prompt}}",
      reference_image_url: "{{image}}",
      image_size: "{{image_size}}",
      id_weight: 1,
      enable_safety_checker: true,
    },
  },
  ...editingTools(defaultModels.falEditing.model, { ...falKontext, aspect_ratio: "{{aspect_ratio}}" }, falKontext),
};

/** Gemini's request is the prompt and the photo; the template is its generation config. */
const geminiConfig: InputTemplate = { responseModalities: ["IMAGE"], imageConfig: { aspectRatio: "{{aspect_ratio}}" } };

export const geminiDefaults: ToolTemplates = {
  headshot_pro: { model: defaultModels.gemini.model, input: geminiConfig },
  ...editingTools(defaultModels.gemini.model, geminiConfig, geminiConfig),
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
