import { describe, expect, it } from "vitest";
import { nextWordLimitedValue } from "@/lib/flows/word-limited-input";

const ten = "one two three four five six seven eight nine ten";

/** Types `text` one character at a time into a box limited to `limit` words. */
function typeInto(text: string, limit: number): string {
  let value = "";
  for (const character of text) value = nextWordLimitedValue(value, value + character, limit);
  return value;
}

describe("custom prompt word limit (spec §5: typing beyond is ignored)", () => {
  it("accepts up to the limit as typed", () => {
    expect(typeInto(ten, 10)).toBe(ten);
    expect(typeInto(`${ten} `, 10)).toBe(`${ten} `);
  });

  it("ignores the eleventh word completely, not only its first letter", () => {
    expect(typeInto(`${ten} eleven twelve`, 10).trimEnd()).toBe(ten);
  });

  it("cuts a pasted text to the limit", () => {
    expect(nextWordLimitedValue("", `${ten} eleven twelve`, 10)).toBe(ten);
  });

  it("still allows editing inside the limit", () => {
    expect(nextWordLimitedValue(ten, `${ten}s`, 10)).toBe(`${ten}s`);
    expect(nextWordLimitedValue(ten, "one two", 10)).toBe("one two");
  });
});
