import { describe, expect, it } from "vitest";
import { addMonthsClamped, currentMonthStart } from "@/lib/credits/plan-months";

const utc = (iso: string) => new Date(`${iso}Z`);

describe("months of a plan", () => {
  it("adds months in UTC, clamped to the end of shorter months, without drifting", () => {
    const start = utc("2026-01-31T10:30:00");
    expect(addMonthsClamped(start, 1)).toEqual(utc("2026-02-28T10:30:00"));
    expect(addMonthsClamped(start, 2)).toEqual(utc("2026-03-31T10:30:00"));
    expect(addMonthsClamped(start, 12)).toEqual(utc("2027-01-31T10:30:00"));
    expect(addMonthsClamped(utc("2027-01-29T00:00:00"), 13)).toEqual(utc("2028-02-29T00:00:00"));
  });

  it("finds the month of the plan a moment falls in", () => {
    const start = utc("2026-01-31T10:30:00");
    expect(currentMonthStart(start, utc("2026-01-01T00:00:00"))).toEqual(start);
    expect(currentMonthStart(start, utc("2026-02-28T10:29:59"))).toEqual(start);
    expect(currentMonthStart(start, utc("2026-02-28T10:30:00"))).toEqual(utc("2026-02-28T10:30:00"));
    expect(currentMonthStart(start, utc("2026-03-31T10:29:00"))).toEqual(utc("2026-02-28T10:30:00"));
    expect(currentMonthStart(start, utc("2026-12-31T23:00:00"))).toEqual(utc("2026-12-31T10:30:00"));
    expect(currentMonthStart(start, utc("2027-02-01T00:00:00"))).toEqual(utc("2027-01-31T10:30:00"));
  });
});
