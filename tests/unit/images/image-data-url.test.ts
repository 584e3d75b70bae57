import { describe, expect, it } from "vitest";
import { parseImageDataUrl, payloadBytesOfDataUrl } from "@/lib/images/image-data-url";

describe("parseImageDataUrl", () => {
  it("decodes base64 data URLs and ignores the declared type", () => {
    const bytes = Buffer.from([1, 2, 3, 4, 5]);
    const parsed = parseImageDataUrl(`data:text/html;base64,${bytes.toString("base64")}`);
    expect(parsed.ok && [...parsed.bytes]).toEqual([1, 2, 3, 4, 5]);
  });

  it("refuses anything that is not a base64 data URL", () => {
    for (const value of ["https://example.com/a.jpg", "data:image/png,rawtext", "data:image/png;base64,***"]) {
      const parsed = parseImageDataUrl(value);
      expect(parsed.ok).toBe(false);
    }
    const empty = parseImageDataUrl("data:image/jpeg;base64,");
    expect(empty.ok ? "ok" : empty.error.code).toBe("empty");
  });

  it("refuses an oversized payload before decoding it", () => {
    const payload = "A".repeat(2000);
    const parsed = parseImageDataUrl(`data:image/jpeg;base64,${payload}`, 1000);
    expect(parsed.ok ? "ok" : parsed.error.code).toBe("tooLarge");
    expect(payloadBytesOfDataUrl(`data:image/jpeg;base64,${payload}`)).toBe(1500);
  });
});
