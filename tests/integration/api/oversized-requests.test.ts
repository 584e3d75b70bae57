// next/server declares NextFetchEvent but exports no value; the class lives here.
import { NextFetchEvent } from "next/dist/server/web/spec-extension/fetch-event";
import { NextRequest, type NextMiddleware } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { formatFileSize } from "@/lib/images/browser/format-file-size";
import { MAX_ACTION_BODY_BYTES } from "@/lib/images/limits";

/**
 * Requests too large for the 20 MB upload limit, sent by something other than the app's own page
 * (which refuses such files before uploading): both get the spec's 'File Too Large', never a 500.
 * tests/e2e/behind-a-proxy.spec.ts sends the same to a real server and reads its log.
 */

const state = vi.hoisted(() => ({ locale: "en" }));
// Auth.js does not load outside Next.js's bundler; its stand-in lets every request through.
vi.mock("next-auth", () => ({ default: () => ({ auth: (callback: NextMiddleware) => callback }) }));
vi.mock("@/lib/auth/auth.config", async (importOriginal) => ({ ...(await importOriginal<typeof import("@/lib/auth/auth.config")>()), authConfig: {} }));
vi.mock("@/lib/auth/session", () => ({ getSessionUser: async () => ({ id: "user-1", email: "ada@example.test" }) }));
vi.mock("next-intl/server", () => ({ getLocale: async () => state.locale }));

function dataUrlOf(bytes: number): string {
  return `data:image/jpeg;base64,${Buffer.alloc(bytes, 7).toString("base64")}`;
}

describe("an oversized server-action request", () => {
  it("is answered 413 'File Too Large' by proxy.ts before Next.js would cut its body", async () => {
    const { proxy } = await import("@/proxy");
    const request = new NextRequest("http://studio.test/ai-product/step2", {
      method: "POST",
      headers: {
        host: "studio.test",
        origin: "http://studio.test",
        "next-action": "7f0e4c1b2a",
        "content-length": String(40 * 1024 * 1024),
      },
    });
    const response = await proxy(request, new NextFetchEvent({ request, page: "/ai-product/step2", context: undefined }));
    expect(response.status).toBe(413);
    // Exactly text/plain: Next.js's action client then throws this text as the error.
    expect(response.headers.get("content-type")).toBe("text/plain");
    expect(await response.text()).toBe("File Too Large: file size (40 MB) exceeds 20MB limit. Please choose a smaller image.");
  });

  it("passes when it fits the action limit", async () => {
    const { proxy } = await import("@/proxy");
    const request = new NextRequest("http://studio.test/ai-product/step2", {
      method: "POST",
      headers: { host: "studio.test", origin: "http://studio.test", "next-action": "7f0e4c1b2a", "content-length": String(MAX_ACTION_BODY_BYTES) },
    });
    const response = await proxy(request, new NextFetchEvent({ request, page: "/ai-product/step2", context: undefined }));
    expect(response.status).toBe(200);
  });
});

describe("a 21 MB image sent to the generation action", () => {
  it("gets 'File Too Large' with its size in the visitor's language, not 'invalid input'", async () => {
    const { createGenerationAction } = await import("@/lib/actions/create-generation");
    const image = dataUrlOf(21 * 1024 * 1024);
    const input = { tool: "ai_product" as const, options: { prompt: "on snow", dimension: "auto" }, image };
    expect(await createGenerationAction(input)).toEqual({ ok: false, error: "errors.fileTooLarge", values: { size: "21 MB" } });
    state.locale = "ar";
    expect(await createGenerationAction(input)).toMatchObject({ values: { size: formatFileSize(21 * 1024 * 1024, "ar") } });
  });
});
