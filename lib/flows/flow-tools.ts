import { bodyShapes, hairStyles, type Gender, type LookOption } from "@/lib/generation/catalog";
import type { LookTool } from "@/lib/generation/engines/local/local-capabilities";
import { aiProduct, bodyShaper, hairChanger } from "@/lib/generation/tool-catalog";

/**
 * The three two-step tools (AI Product, Hair Changer, Body Shaper) as their flow pages see
 * them. Everything else about a tool (cost, timing, prompt) stays in
 * lib/generation/tool-catalog.ts (its input schema in tools.ts, for the server); this adds only what the flow needs to pick its step-1 form, its
 * texts under `flows.{messageKey}` and its browser storage keys. Client-safe.
 */

export const flowSlugs = ["ai-product", "hair-changer", "body-shaper"] as const;
export type FlowSlug = (typeof flowSlugs)[number];

interface FlowToolBase {
  slug: FlowSlug;
  /** The tool description the server validates and prices with. */
  tool: typeof aiProduct | typeof hairChanger | typeof bodyShaper;
  /** Key of the tool's texts under `flows`, `generation.loading` and `tools`. */
  messageKey: "aiProduct" | "hairChanger" | "bodyShaper";
  /** The draft of spec §3 (without the photo) and the last generation id, in local storage. */
  storageKeys: { draft: string; lastGenerationId: string };
}

/** AI Product: a photo, a prompt and an output dimension. */
export interface ProductFlowTool extends FlowToolBase {
  kind: "product";
  tool: typeof aiProduct;
  messageKey: "aiProduct";
}

/** Hair Changer and Body Shaper: a photo, a gender and a look tile or a custom prompt. */
export interface LookFlowTool extends FlowToolBase {
  kind: "look";
  tool: typeof hairChanger | typeof bodyShaper;
  messageKey: "hairChanger" | "bodyShaper";
  looks: Record<Gender, readonly LookOption[]>;
  /** Where the look names are translated: `catalog.{catalogKey}.{id}`. */
  catalogKey: "hairStyles" | "bodyShapes";
}

export type FlowTool = ProductFlowTool | LookFlowTool;

const storageKeysFor = (messageKey: FlowToolBase["messageKey"]) => ({
  draft: `${messageKey}Draft`,
  lastGenerationId: `${messageKey}GenerationId`,
});

export const flowTools: Record<FlowSlug, FlowTool> = {
  "ai-product": {
    kind: "product",
    slug: "ai-product",
    tool: aiProduct,
    messageKey: "aiProduct",
    storageKeys: storageKeysFor("aiProduct"),
  },
  "hair-changer": {
    kind: "look",
    slug: "hair-changer",
    tool: hairChanger,
    messageKey: "hairChanger",
    storageKeys: storageKeysFor("hairChanger"),
    looks: hairStyles,
    catalogKey: "hairStyles",
  },
  "body-shaper": {
    kind: "look",
    slug: "body-shaper",
    tool: bodyShaper,
    messageKey: "bodyShaper",
    storageKeys: storageKeysFor("bodyShaper"),
    looks: bodyShapes,
    catalogKey: "bodyShapes",
  },
};

export function isFlowSlug(value: string): value is FlowSlug {
  return flowSlugs.some((slug) => slug === value);
}

export function findFlowTool(slug: string): FlowTool | undefined {
  return isFlowSlug(slug) ? flowTools[slug] : undefined;
}

/** The flow of a generation's tool, for sending a result to the right tool's pages. */
export function findFlowToolById(toolId: string): FlowTool | undefined {
  return Object.values(flowTools).find((flow) => flow.tool.id === toolId);
}

export type FlowStep = "step1" | "step2" | "loading" | "results";

export const flowPath = (slug: FlowSlug, step: FlowStep, generationId?: string) =>
  generationId ? `/${slug}/${step}?id=${encodeURIComponent(generationId)}` : `/${slug}/${step}`;

/** Every local storage key the flows write; signing out removes them. */
export const flowStorageKeys: readonly string[] = Object.values(flowTools).flatMap((flow) => [
  flow.storageKeys.draft,
  flow.storageKeys.lastGenerationId,
]);

/** The local engine's name for a look flow's tool (lib/generation/engines/local/local-capabilities.ts). */
export function lookToolOf(flow: LookFlowTool): LookTool {
  return flow.tool.id === "hair_changer" ? "hair_changer" : "body_shaper";
}
