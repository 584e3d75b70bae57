import type { z } from "zod";
import { GenerationRequestError, MissingGenerationDataError } from "./errors";
import type { ToolDescription } from "./tools";

/**
 * The generation pre-checks of spec §5, run on the server whatever the browser checked: first
 * the fields the spec names when missing ('Missing required data: image, prompt'), then the
 * tool's schema for everything else (unknown styles, too many words, bad values).
 */

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function fieldOf(input: unknown, field: string): unknown {
  if (typeof input !== "object" || input === null) return undefined;
  return Object.entries(input).find(([key]) => key === field)?.[1];
}

/** The required fields (keys under `generation.fields`) that are absent or blank. */
export function findMissingFields(tool: ToolDescription, input: unknown, hasImage: boolean): string[] {
  return tool.requiredFields.filter((field) => (field === "image" ? !hasImage : isBlank(fieldOf(input, field))));
}

/** The validated options of a tool, or a GenerationRequestError naming what is wrong. */
export function parseToolInput<Schema extends z.ZodType>(
  tool: ToolDescription<Schema>,
  input: unknown,
  hasImage: boolean,
): z.output<Schema> {
  const missing = findMissingFields(tool, input, hasImage);
  if (missing.length > 0) throw new MissingGenerationDataError(`errors.${tool.missingDataKey}`, missing);
  if (tool.id === "headshot_pro" && isBlank(fieldOf(input, "packageId"))) {
    throw new GenerationRequestError("errors.noPackageSelected");
  }
  const parsed = tool.inputSchema.safeParse(input);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new GenerationRequestError("errors.invalidInput", {}, detail);
  }
  return parsed.data;
}
