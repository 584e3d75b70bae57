import { describe, expect, it } from "vitest";
import { editPromptState } from "@/lib/results/edit-prompt";

const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(" ");

describe("edit prompt box (spec §2, §5 Edit prompt)", () => {
  it("counts words live and allows a prompt within the limit", () => {
    const state = editPromptState({ prompt: "make it  blue\n now", limit: 100, credits: 5, processing: false });
    expect(state).toMatchObject({ words: 4, limit: 100, overLimit: false, canApply: true, blocker: null });
  });

  it("allows exactly 100 words for AI Product and Headshot, not 101", () => {
    expect(editPromptState({ prompt: words(100), limit: 100, credits: 5, processing: false }).canApply).toBe(true);
    const over = editPromptState({ prompt: words(101), limit: 100, credits: 5, processing: false });
    expect(over).toMatchObject({ words: 101, overLimit: true, canApply: false, blocker: "tooManyWords" });
  });

  it("allows 10 words for Hair Changer and Body Shaper, not 11", () => {
    expect(editPromptState({ prompt: words(10), limit: 10, credits: 5, processing: false }).canApply).toBe(true);
    expect(editPromptState({ prompt: words(11), limit: 10, credits: 5, processing: false }).blocker).toBe("tooManyWords");
  });

  it("is off for an empty or blank prompt", () => {
    expect(editPromptState({ prompt: "", limit: 10, credits: 5, processing: false }).blocker).toBe("empty");
    expect(editPromptState({ prompt: "   \n", limit: 10, credits: 5, processing: false }).blocker).toBe("empty");
  });

  it("is off below 2 credits, whatever the prompt", () => {
    expect(editPromptState({ prompt: "make it blue", limit: 100, credits: 1, processing: false }).blocker).toBe(
      "insufficientCredits",
    );
    expect(editPromptState({ prompt: "make it blue", limit: 100, credits: 0, processing: false }).canApply).toBe(false);
    expect(editPromptState({ prompt: "make it blue", limit: 100, credits: 2, processing: false }).canApply).toBe(true);
  });

  it("is off while an edit is running", () => {
    expect(editPromptState({ prompt: "make it blue", limit: 100, credits: 10, processing: true }).blocker).toBe("processing");
  });

  it("still reports the word count and the limit when over it for another reason", () => {
    const state = editPromptState({ prompt: words(12), limit: 10, credits: 0, processing: false });
    expect(state).toMatchObject({ words: 12, overLimit: true, blocker: "insufficientCredits" });
  });
});
