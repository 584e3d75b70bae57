import type { EngineJob } from "../types";

/**
 * How a tool's request maps onto a hosted model's input: a JSON template, configured per tool
 * (REPLICATE_INPUT_<TOOL>, FAL_INPUT_<TOOL>, GEMINI_CONFIG_<TOOL>), whose strings may name
 * placeholders. A string that is exactly one placeholder takes its value with its type (a
 * number stays a number) and is left out when the value is unknown; placeholders inside longer
 * strings are replaced by text. Anything else in the template (guidance, strength, safety
 * settings, output format) goes to the model as written.
 *
 *   {{prompt}}       the tool's prompt           {{image}}       the photo as a data: URI
 *   {{count}}        images asked of this request
 *   {{aspect_ratio}} "1:1", "3:2", "2:3" (AI Product's framing), "3:4" (headshots); else unknown
 *   {{image_size}}   the same as fal's names: square_hd, landscape_4_3, portrait_4_3
 */

export type InputTemplate = { [key: string]: unknown };

export interface TemplateValues {
  prompt: string;
  image: string;
  count: number;
  aspect_ratio?: string;
  image_size?: string;
}

const placeholder = /\{\{\s*(\w+)\s*\}\}/g;
const wholePlaceholder = /^\{\{\s*(\w+)\s*\}\}$/;

function valueOf(values: TemplateValues, name: string): string | number | undefined {
  return Object.entries(values).find(([key]) => key === name)?.[1];
}

function fill(node: unknown, values: TemplateValues): unknown {
  if (typeof node === "string") {
    const whole = wholePlaceholder.exec(node);
    if (whole?.[1]) return valueOf(values, whole[1]);
    return node.replace(placeholder, (_, name: string) => String(valueOf(values, name) ?? ""));
  }
  if (Array.isArray(node)) return node.map((item) => fill(item, values)).filter((item) => item !== undefined);
  if (typeof node === "object" && node !== null) {
    const entries = Object.entries(node).map(([key, value]) => [key, fill(value, values)] as const);
    return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
  }
  return node;
}

export function fillTemplate(template: InputTemplate, values: TemplateValues): InputTemplate {
  const filled = fill(template, values);
  return typeof filled === "object" && filled !== null && !Array.isArray(filled) ? { ...filled } : {};
}

/** Whether the model is asked for several images per request (the template names {{count}}). */
export function asksForCount(template: InputTemplate): boolean {
  return JSON.stringify(template).includes("{{count}}");
}

const productFraming = {
  square: { aspect_ratio: "1:1", image_size: "square_hd" },
  landscape: { aspect_ratio: "3:2", image_size: "landscape_4_3" },
  portrait: { aspect_ratio: "2:3", image_size: "portrait_4_3" },
} as const;

/** The framing placeholders of a job: AI Product's chosen dimension, portrait headshots. */
export function framingOf(job: EngineJob): Pick<TemplateValues, "aspect_ratio" | "image_size"> {
  if (job.tool === "headshot_pro") return { aspect_ratio: "3:4", image_size: "portrait_4_3" };
  if (job.tool === "ai_product" && job.input.dimension !== "auto") return productFraming[job.input.dimension];
  return {};
}

export function imageDataUri(image: EngineJob["image"]): string {
  return `data:${image.contentType};base64,${image.data.toString("base64")}`;
}
