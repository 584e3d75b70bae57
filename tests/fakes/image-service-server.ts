import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

/**
 * A local image service speaking HTTP like the real ones: the webhook backends of spec §7
 * (POST JSON, answer JSON) and OpenAI's `POST /v1/images/edits` (multipart in, JSON out), plus
 * image files under /files/<name> that answers may point at. Tests script each answer; every
 * request is recorded as it arrived.
 */

export interface RecordedServiceRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** Parsed JSON, or for multipart the text fields plus `imageBytes` of the file part. */
  body: Record<string, unknown>;
}

export interface ScriptedAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  /** Never answer (until the client gives up). */
  hang?: boolean;
  /** Drop the connection without an answer (the client sees a connection reset). */
  reset?: boolean;
  /** Extra response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
}

export interface ServedFile {
  bytes: Buffer;
  contentType: string;
  /** Leave out Content-Length so the client must count while reading. */
  chunked?: boolean;
  status?: number;
  /** Answers given before the file itself, one per request (e.g. a 503, then a reset). */
  before?: Array<Pick<ScriptedAnswer, "status" | "reset" | "hang" | "headers">>;
}

export interface FakeImageService {
  origin: string;
  requests: RecordedServiceRequest[];
  /** The names of the served files, once per download, in order. */
  downloads: string[];
  /** How the next POST requests are answered (the last entry repeats). */
  answer(...answers: Array<ScriptedAnswer | ((request: RecordedServiceRequest) => ScriptedAnswer)>): void;
  serveFile(name: string, file: ServedFile): string;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

async function parseBody(request: IncomingMessage, raw: Buffer): Promise<Record<string, unknown>> {
  const type = request.headers["content-type"] ?? "";
  if (type.startsWith("multipart/form-data")) {
    const form = await new Response(new Uint8Array(raw), { headers: { "content-type": type } }).formData();
    const body: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      body[key] = typeof value === "string" ? value : Buffer.from(await value.arrayBuffer());
    }
    return body;
  }
  try {
    const parsed: unknown = JSON.parse(raw.toString("utf8"));
    return typeof parsed === "object" && parsed !== null ? { ...parsed } : { value: parsed };
  } catch {
    return { text: raw.toString("utf8") };
  }
}

function sendAnswer(response: ServerResponse, answer: ScriptedAnswer): void {
  if (answer.hang) return;
  if (answer.reset) {
    response.socket?.destroy();
    return;
  }
  for (const [name, value] of Object.entries(answer.headers ?? {})) response.setHeader(name, value);
  response.statusCode = answer.status ?? 200;
  if (answer.text !== undefined) {
    response.setHeader("content-type", "text/plain");
    response.end(answer.text);
  } else {
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify(answer.json ?? {}));
  }
}

export async function startFakeImageService(): Promise<FakeImageService> {
  const requests: RecordedServiceRequest[] = [];
  const downloads: string[] = [];
  const files = new Map<string, ServedFile>();
  let script: Array<ScriptedAnswer | ((request: RecordedServiceRequest) => ScriptedAnswer)> = [{ json: {} }];
  const open = new Set<ServerResponse>();

  const server = createServer((request, response) => {
    open.add(response);
    response.on("close", () => open.delete(response));
    void (async () => {
      const url = new URL(request.url ?? "/", "http://fake");
      if (request.method === "GET" && url.pathname.startsWith("/files/")) {
        const name = url.pathname.slice("/files/".length);
        downloads.push(name);
        const file = files.get(name);
        if (!file) {
          response.statusCode = 404;
          response.end("not found");
          return;
        }
        const early = file.before?.shift();
        if (early) {
          sendAnswer(response, { text: "not now", ...early });
          return;
        }
        response.statusCode = file.status ?? 200;
        response.setHeader("content-type", file.contentType);
        if (file.chunked) {
          // Written before end() so Node sends it chunked, without a Content-Length.
          response.write(file.bytes);
          response.end();
        } else {
          response.setHeader("content-length", file.bytes.byteLength);
          response.end(file.bytes);
        }
        return;
      }
      const raw = await readBody(request);
      const recorded = { method: request.method ?? "", path: url.pathname, headers: request.headers, body: await parseBody(request, raw) };
      requests.push(recorded);
      const next = script.length > 1 ? script.shift() : script[0];
      sendAnswer(response, typeof next === "function" ? next(recorded) : (next ?? { json: {} }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    requests,
    downloads,
    answer(...answers) {
      script = answers.length > 0 ? answers : [{ json: {} }];
    },
    serveFile(name, file) {
      files.set(name, file);
      return `${origin}/files/${name}`;
    },
    async close() {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
