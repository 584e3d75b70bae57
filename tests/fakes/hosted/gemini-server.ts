import type { IncomingMessage, ServerResponse } from "node:http";
import { framedPhoto, readBody, resultPng, sendJson, startServer, type RecordedRequest } from "./fake-http";

/**
 * A stand-in for the Gemini API on loopback, as @google/genai speaks to it: POST
 * /v1beta/models/{model}:generateContent and GET /v1beta/models/{model} with the key in
 * x-goog-api-key (404 NOT_FOUND for a model Google has shut down, gemini-2.5-flash-image among
 * them since 2 October 2026); answers carry the image
 * inline (candidates[0].content.parts[].inlineData) with usage metadata. A test scripts each
 * answer: an image, a prompt blocked for safety (promptFeedback.blockReason), an image withheld
 * (finishReason IMAGE_SAFETY), Google's error JSON with a status (429 RESOURCE_EXHAUSTED with
 * Retry-After, 500 INTERNAL), or no answer at all.
 */

export type GeminiAnswer =
  | { kind: "image" }
  | { kind: "blockedPrompt"; reason?: string }
  | { kind: "withheldImage"; message?: string }
  | { kind: "error"; status: 429 | 500 | 503; retryAfter?: string }
  | { kind: "hang" };

export interface FakeGemini {
  origin: string;
  apiKey: string;
  requests: RecordedRequest[];
  /** Models the service no longer serves (404 NOT_FOUND). */
  retiredModels: Set<string>;
  /** Answers for the next calls in order; the last one repeats. */
  answer(...answers: GeminiAnswer[]): void;
  close(): Promise<void>;
}

const googleStatus = { 429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 503: "UNAVAILABLE" } as const;

/** The photo of a generateContent request (its first inlineData part), if it sent one. */
function sentPhoto(body: unknown): Buffer | null {
  const entries = (value: unknown, key: string): unknown[] => {
    if (typeof value !== "object" || value === null || !(key in value)) return [];
    const found: unknown = Object.entries(value).find(([name]) => name === key)?.[1];
    return Array.isArray(found) ? found : [found];
  };
  for (const content of entries(body, "contents")) {
    for (const part of entries(content, "parts")) {
      const [data] = entries(entries(part, "inlineData")[0], "data");
      if (typeof data === "string") return Buffer.from(data, "base64");
    }
  }
  return null;
}

export async function startFakeGemini(options: { apiKey?: string; port?: number } = {}): Promise<FakeGemini> {
  const apiKey = options.apiKey ?? "gemini-fake-key";
  const requests: RecordedRequest[] = [];
  let answers: GeminiAnswer[] = [{ kind: "image" }];
  let images = 0;
  const retiredModels = new Set(["gemini-2.5-flash-image"]);
  const modelNotFound = (response: ServerResponse, model: string) =>
    sendJson(response, 404, { error: { code: 404, message: `models/${model} is not found for API version v1beta, or is not supported for generateContent.`, status: "NOT_FOUND" } });

  async function reply(response: ServerResponse, answer: GeminiAnswer, photo: Buffer | null) {
    const usageMetadata = { promptTokenCount: 1290, candidatesTokenCount: 1290, totalTokenCount: 2580 };
    switch (answer.kind) {
      case "hang":
        return;
      case "error":
        return sendJson(
          response,
          answer.status,
          { error: { code: answer.status, message: answer.status === 429 ? "Resource has been exhausted (e.g. check quota)." : "An internal error has occurred.", status: googleStatus[answer.status] } },
          answer.retryAfter ? { "retry-after": answer.retryAfter } : {},
        );
      case "blockedPrompt":
        return sendJson(response, 200, { promptFeedback: { blockReason: answer.reason ?? "SAFETY" }, usageMetadata, modelVersion: "fake" });
      case "withheldImage":
        return sendJson(response, 200, {
          candidates: [{ content: { role: "model", parts: [] }, finishReason: "IMAGE_SAFETY", ...(answer.message ? { finishMessage: answer.message } : {}), index: 0 }],
          usageMetadata,
          modelVersion: "fake",
        });
      case "image": {
        const png = photo ? await framedPhoto(images++, photo) : await resultPng(images++);
        return sendJson(response, 200, {
          candidates: [
            {
              content: { role: "model", parts: [{ text: "Here is the edited photo." }, { inlineData: { mimeType: "image/png", data: png.toString("base64") } }] },
              finishReason: "STOP",
              index: 0,
            },
          ],
          usageMetadata,
          modelVersion: "fake",
        });
      }
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse, url: URL) {
    const raw = await readBody(request);
    let body: unknown = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      return sendJson(response, 400, { error: { code: 400, message: "Invalid JSON payload received.", status: "INVALID_ARGUMENT" } });
    }
    requests.push({ method: request.method ?? "", path: url.pathname, query: url.searchParams, headers: request.headers, body });
    const route = /^\/v1beta\/models\/([^/:]+)(:generateContent)?$/.exec(url.pathname);
    const model = route?.[1] ?? "";
    const generate = request.method === "POST" && route?.[2] !== undefined;
    const lookup = request.method === "GET" && route !== null && route[2] === undefined;
    if (!generate && !lookup) return sendJson(response, 404, { error: { code: 404, message: "Not found", status: "NOT_FOUND" } });
    if (request.headers["x-goog-api-key"] !== apiKey) {
      return sendJson(response, 400, { error: { code: 400, message: "API key not valid. Please pass a valid API key.", status: "INVALID_ARGUMENT" } });
    }
    if (retiredModels.has(model)) return modelNotFound(response, model);
    if (lookup) {
      return sendJson(response, 200, { name: `models/${model}`, displayName: model, supportedGenerationMethods: ["generateContent", "countTokens"] });
    }
    const next = answers.length > 1 ? answers.shift() : answers[0];
    await reply(response, next ?? { kind: "image" }, sentPhoto(body));
  }

  const server = await startServer(handle, options.port);
  return {
    origin: server.origin,
    apiKey,
    requests,
    retiredModels,
    answer: (...next) => {
      answers = next.length > 0 ? next : [{ kind: "image" }];
    },
    close: () => server.close(),
  };
}
