import { countWords } from "@/lib/generation/words";
import { editCreditCost } from "@/lib/generation/edit-cost";

/**
 * What the edit dialog's prompt box shows and allows (spec §2, §5 Edit prompt): a live word
 * count against the tool's limit, and an apply button that is off while the prompt is empty,
 * over the limit, an edit is running, or the balance is below the cost.
 */
export type EditBlocker = "empty" | "tooManyWords" | "processing" | "insufficientCredits";

export interface EditPromptState {
  words: number;
  limit: number;
  overLimit: boolean;
  canApply: boolean;
  /** Why apply is off, the first reason in the order the user would fix them. */
  blocker: EditBlocker | null;
}

export function editPromptState(options: {
  prompt: string;
  limit: number;
  credits: number;
  processing: boolean;
  cost?: number;
}): EditPromptState {
  const words = countWords(options.prompt);
  const overLimit = words > options.limit;
  let blocker: EditBlocker | null = null;
  if (options.processing) blocker = "processing";
  else if (options.credits < (options.cost ?? editCreditCost)) blocker = "insufficientCredits";
  else if (words === 0) blocker = "empty";
  else if (overLimit) blocker = "tooManyWords";
  return { words, limit: options.limit, overLimit, canApply: blocker === null, blocker };
}
