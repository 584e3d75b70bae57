import { z } from "zod";
import { cashPackTypes, headshotCreditPackageIds } from "@/lib/catalog/headshot-packages";
import {
  ageRanges,
  bodyShapes,
  customLookId,
  customPromptWordLimit,
  findLook,
  genders,
  hairStyles,
  headshotStyles,
  maxHeadshotStyles,
  outputDimensions,
  productPresentations,
  type Gender,
  type LookOption,
} from "./catalog";
import { localEditSupported, localLookSupported } from "./engines/local/local-capabilities";
import * as catalog from "./tool-catalog";
import { countWords } from "./words";

/**
 * The tools of lib/generation/tool-catalog.ts with the input schemas the server checks requests
 * with. Browser code imports the catalog, which has everything else, so zod stays on the server.
 */

export { editCreditCost, findJobDescription, type JobDescription, type JobFailureMessages, type ToolId } from "./tool-catalog";

/** An edit or remix job, with what the local engine can make of its prompt (kept off the browser, as for the tools below). */
export const editJob: typeof catalog.editJob & { localEngineSupports(prompt: string): boolean } = {
  ...catalog.editJob,
  localEngineSupports: localEditSupported,
};

const headshotInputSchema = z.object({
  gender: z.enum(genders),
  ageRange: z.enum(ageRanges),
  styleIds: z
    .array(z.number().int().min(1).max(headshotStyles.length))
    .min(1)
    .max(maxHeadshotStyles)
    .refine((ids) => new Set(ids).size === ids.length, "duplicate style"),
  /** A credit package (paid with credits) or a cash pack (paid at checkout, decision 7). */
  packageId: z.enum([...headshotCreditPackageIds, ...cashPackTypes]),
});
export type HeadshotInput = z.infer<typeof headshotInputSchema>;

const aiProductInputSchema = z.object({
  prompt: z.string().trim().min(1).max(2000),
  dimension: z.enum(outputDimensions),
  presentation: z.enum(productPresentations).default("cutout"),
});
export type AiProductInput = z.infer<typeof aiProductInputSchema>;

/** Hair Changer and Body Shaper: a look tile for the gender, or "custom" with up to 10 words. */
function lookInputSchema(options: Record<Gender, readonly LookOption[]>) {
  return z
    .object({
      gender: z.enum(genders),
      style: z.string().min(1),
      customPrompt: z.string().trim().max(300).default(""),
    })
    .refine((input) => input.style === customLookId || findLook(options, input.gender, input.style), {
      message: "unknown style",
      path: ["style"],
    })
    .refine((input) => input.style !== customLookId || input.customPrompt !== "", {
      message: "custom prompt required",
      path: ["customPrompt"],
    })
    .refine((input) => countWords(input.customPrompt) <= customPromptWordLimit, {
      message: "too many words",
      path: ["customPrompt"],
    });
}
const hairInputSchema = lookInputSchema(hairStyles);
const bodyInputSchema = lookInputSchema(bodyShapes);
export type LookInput = z.infer<typeof hairInputSchema>;

export interface ToolDescription<Schema extends z.ZodType = z.ZodType> extends catalog.ToolEntry<z.output<Schema>> {
  inputSchema: Schema;
  /**
   * Whether the on-device local engine can make this request for real (decision 21); when it
   * cannot, the request needs a hosted engine and is refused before credits are taken. Here and
   * not in the catalog, so the local engine's vocabularies stay out of the browser.
   */
  localEngineSupports(input: z.output<Schema>): boolean;
}

export const headshotPro: ToolDescription<typeof headshotInputSchema> = {
  ...catalog.headshotPro,
  inputSchema: headshotInputSchema,
  // Every style has a procedural backdrop and grade.
  localEngineSupports: () => true,
};
export const aiProduct: ToolDescription<typeof aiProductInputSchema> = {
  ...catalog.aiProduct,
  inputSchema: aiProductInputSchema,
  // Any prompt: the scene takes the words it knows (surface, light, palette) and a studio otherwise.
  localEngineSupports: () => true,
};
export const hairChanger: ToolDescription<typeof hairInputSchema> = {
  ...catalog.hairChanger,
  inputSchema: hairInputSchema,
  localEngineSupports: (input) => localLookSupported("hair_changer", input),
};
export const bodyShaper: ToolDescription<typeof bodyInputSchema> = {
  ...catalog.bodyShaper,
  inputSchema: bodyInputSchema,
  localEngineSupports: (input) => localLookSupported("body_shaper", input),
};

/** The four tools in the catalog's order, with their schemas. */
export const tools = [headshotPro, aiProduct, hairChanger, bodyShaper] as const;

export function findTool(id: string) {
  return tools.find((tool) => tool.id === id);
}

/** An edit (or remix) of one image: 2 credits, a non-empty prompt within its tool's word limit. */
export function editInputSchema(wordLimit: number) {
  return z.object({
    imageId: z.uuid(),
    prompt: z
      .string()
      .trim()
      .min(1)
      .refine((prompt) => countWords(prompt) <= wordLimit, "too many words"),
  });
}
