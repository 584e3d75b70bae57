import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { limitImageThreads } from "@/lib/images/image-threads";

describe("limitImageThreads", () => {
  const before = sharp.concurrency();
  afterEach(() => {
    sharp.concurrency(before);
  });

  it("gives each image one libvips thread", () => {
    sharp.concurrency(2);
    limitImageThreads();
    expect(sharp.concurrency()).toBe(1);
  });
});
