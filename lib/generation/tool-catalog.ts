import type { GenerationTool } from "@/db/schema";
import { findCashPack, findHeadshotCreditPackage } from "@/lib/catalog/headshot-packages";
import { ageRangeNames, bodyShapes, findLook, hairStyles, headshotStyles, type Gender, type LookOption } from "./catalog";
import { editCreditCost } from "./edit-cost";
import type { AiProductInput, HeadshotInput, LookInput } from "./tools";

/**
 * Every tool described once (DESIGN.md "A tool is data"): the flows, the job pipeline and the
 * engines read these descriptions; nothing about a tool is written twice. Without zod, so the
 * browser can load it: lib/generation/tools.ts adds each tool's input schema for the server.
 */

export { editCreditCost } from "./edit-cost";

function describeLook(options: Record<Gender, readonly LookOption[]>, input: LookInput): string {
  const look = findLook(options, input.gender, input.style);
  return [look?.name, input.customPrompt].filter(Boolean).join(", ");
}

/** Keys under `generation.errors` for the ways a job of this kind can end without images (spec §8). */
export interface JobFailureMessages {
  /** The engine answered but returned no image ('No image generated', 'No hairstyle generated', ...). */
  noResult: string;
  /** The engine failed without a usable message ('Failed to generate hairstyle', ...). */
  failed: string;
}

/** What the job pipeline needs of anything that runs as a job: the four tools and edits. */
export interface JobDescription {
  id: GenerationTool;
  /** Key under `generation.loading` (title and step texts) and, for the four tools, under `tools`. */
  messageKey: string;
  /** Keys under `generation.loading.{messageKey}` rotating every 15 s while it runs. */
  loadingMessageKeys: readonly string[];
  expectedDurationMs: number;
  /**
   * Counted from the moment a worker first starts the job; past it the job fails and refunds
   * (decision 10). From spec §9 Timing: AI Product and Hair's 60-second loading timeout, twice
   * the longest expected time where the spec sets none.
   */
  timeLimitMs: number;
  /**
   * The longest one request to an image service may take, well under timeLimitMs, so a service
   * that stalls frees its worker slot with time left to retry or to fail cleanly.
   */
  requestTimeoutMs: number;
  failureMessages: JobFailureMessages;
}

/** A tool as the browser and the job pipeline see it; `Input` is what its input schema outputs. */
export interface ToolEntry<Input> extends JobDescription {
  id: Exclude<GenerationTool, "edit">;
  /** URL segment of the flow: /{slug}/step1 ... */
  slug: string;
  /** Category label of spec §3, stored on the generation and shown in activity. */
  category: string;
  prompt(input: Input): string;
  editWordLimit: number;
  /**
   * Fields of the input (plus "image") the spec's pre-check names when they are missing:
   * 'Missing required data: ...' (`missingDataKey` under `errors`), each field translated
   * under `generation.fields`.
   */
  requiredFields: readonly string[];
  missingDataKey: "missingGenerationData" | "missingHeadshotData";
  /** Credits taken when the server accepts the job. */
  creditCost(input: Input): number;
  /** Images one job produces. */
  imageCount(input: Input): number;
}

const loadingKeys = ["step1", "step2", "step3", "step4"] as const;
const minute = 60_000;

/** What AI Product, Hair Changer and Body Shaper share: one image for 2 credits (spec §9). */
const oneImageForTwoCredits = {
  creditCost: () => 2,
  imageCount: () => 1,
  loadingMessageKeys: loadingKeys,
  missingDataKey: "missingGenerationData",
} as const;

/** Hair Changer and Body Shaper also share their inputs and the 10-word edit limit. */
const lookTool = {
  ...oneImageForTwoCredits,
  editWordLimit: 10,
  requiredFields: ["image", "gender", "style"],
} as const;

export const headshotPro: ToolEntry<HeadshotInput> = {
  id: "headshot_pro",
  slug: "headshot-pro",
  category: "Headshot Pro",
  messageKey: "headshotPro",
  prompt: (input) =>
    `Professional headshot of the ${input.gender} person in the photo, age ${ageRangeNames[input.ageRange]}, ` +
    `in these styles: ${input.styleIds.map((id) => headshotStyles[id - 1]?.name).join("; ")}. ` +
    "Keep the face and identity exactly; studio lighting, sharp focus.",
  creditCost: (input) => findHeadshotCreditPackage(input.packageId)?.credits ?? 0,
  imageCount: (input) =>
    findHeadshotCreditPackage(input.packageId)?.headshots ?? findCashPack(input.packageId)?.headshots ?? 1,
  loadingMessageKeys: loadingKeys,
  expectedDurationMs: 3 * minute,
  timeLimitMs: 10 * minute,
  requestTimeoutMs: 5 * minute,
  editWordLimit: 100,
  requiredFields: ["image", "styleIds", "gender", "ageRange"],
  missingDataKey: "missingHeadshotData",
  failureMessages: { noResult: "noHeadshots", failed: "headshotsFailed" },
};

export const aiProduct: ToolEntry<AiProductInput> = {
  id: "ai_product",
  slug: "ai-product",
  category: "AI Product",
  messageKey: "aiProduct",
  prompt: (input) =>
    `Product photograph of the product in the photo. ${input.prompt}. Output framing: ${input.dimension}. ` +
    "Keep the product itself unchanged; realistic lighting and shadows.",
  ...oneImageForTwoCredits,
  expectedDurationMs: 45_000,
  timeLimitMs: minute,
  requestTimeoutMs: 45_000,
  editWordLimit: 100,
  requiredFields: ["image", "dimension", "prompt"],
  failureMessages: { noResult: "noImage", failed: "aiProductFailed" },
};

export const hairChanger: ToolEntry<LookInput> = {
  id: "hair_changer",
  slug: "hair-changer",
  category: "Hair Changer",
  messageKey: "hairChanger",
  prompt: (input) =>
    `Change only the hairstyle of the ${input.gender} person in the photo to: ${describeLook(hairStyles, input)}. ` +
    "Keep the face, expression, clothing and background unchanged.",
  ...lookTool,
  expectedDurationMs: 45_000,
  timeLimitMs: minute,
  requestTimeoutMs: 45_000,
  failureMessages: { noResult: "noHairstyle", failed: "hairstyleFailed" },
};

export const bodyShaper: ToolEntry<LookInput> = {
  id: "body_shaper",
  slug: "body-shaper",
  category: "Body Shaper",
  messageKey: "bodyShaper",
  prompt: (input) =>
    `Adjust the body of the ${input.gender} person in the photo to: ${describeLook(bodyShapes, input)}. ` +
    "Keep the face, identity, clothing style and background; realistic proportions.",
  ...lookTool,
  expectedDurationMs: 2 * minute,
  timeLimitMs: 5 * minute,
  requestTimeoutMs: 150_000,
  failureMessages: { noResult: "noTransformation", failed: "bodyShapeFailed" },
};

/** The four tools in the order the app shows them. */
export const tools = [headshotPro, aiProduct, hairChanger, bodyShaper] as const;
export type ToolId = (typeof tools)[number]["id"];

export function findToolBySlug(slug: string) {
  return tools.find((tool) => tool.slug === slug);
}

export function findTool(id: string) {
  return tools.find((tool) => tool.id === id);
}

/** An edit or remix runs as a job of its own (tool "edit"); its word limit comes from the source's tool. */
export const editJob: JobDescription & { creditCost: number; prompt(userPrompt: string): string } = {
  id: "edit",
  messageKey: "edit",
  loadingMessageKeys: loadingKeys,
  expectedDurationMs: 30_000,
  timeLimitMs: minute,
  requestTimeoutMs: 45_000,
  failureMessages: { noResult: "noEditedImage", failed: "editFailed" },
  creditCost: editCreditCost,
  prompt: (userPrompt) => `Edit the photo: ${userPrompt}. Keep everything not mentioned exactly as it is.`,
};

/** The description of any job kind, for the worker and the loading pages. */
export function findJobDescription(tool: GenerationTool): JobDescription {
  if (tool === "edit") return editJob;
  const description = tools.find((candidate) => candidate.id === tool);
  if (!description) throw new Error(`Unknown tool ${tool}`);
  return description;
}
