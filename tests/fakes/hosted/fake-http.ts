import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import sharp from "sharp";

/** What the hosted-model stand-ins share: a loopback HTTP server, JSON answers, result images. */

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: unknown;
}

/** An answer a test puts in front of a service's normal behaviour (a 429, a 500, a reset). */
export interface ScriptedFailure {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** The service did the work (made the prediction) before it failed: a 500 after create. */
  afterCreate?: boolean;
  /** No answer at all (status unused): the request hangs until the caller gives up or the connection closes. */
  hang?: boolean;
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString("utf8");
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

export function randomId(length = 20): string {
  return randomBytes(length).toString("base64url").replace(/[-_]/g, "").slice(0, length).toLowerCase();
}

/** A small PNG the model "made": one colour per image so results can be told apart. */
export function resultPng(index: number, width = 96, height = 128): Promise<Buffer> {
  const colours = ["#c0392b", "#2980b9", "#27ae60", "#8e44ad", "#d35400", "#16a085"];
  return sharp({ create: { width, height, channels: 3, background: colours[index % colours.length] ?? "#333" } })
    .png()
    .toBuffer();
}

/**
 * What a stand-in returns for a photo it was sent: the photo inside a frame of the image's
 * colour, as an image model keeps the person it was shown (the likeness guard checks that), and
 * the frame tells the results apart like resultPng's colours.
 */
export async function framedPhoto(index: number, photo: Buffer): Promise<Buffer> {
  const colours = ["#c0392b", "#2980b9", "#27ae60", "#8e44ad", "#d35400", "#16a085"];
  const inner = await sharp(photo).resize(256, 320, { fit: "cover" }).toBuffer();
  return sharp({ create: { width: 320, height: 400, channels: 3, background: colours[index % colours.length] ?? "#333" } })
    .composite([{ input: inner, left: 32, top: 40 }])
    .png()
    .toBuffer();
}

/** The photo a create call was sent, as a data URL anywhere in its input (Replicate's input_image, fal's image_url). */
function photoInInput(input: Record<string, unknown>): Buffer | undefined {
  for (const value of Object.values(input)) {
    const match = typeof value === "string" ? /^data:image\/[a-z+]+;base64,(.+)$/.exec(value) : null;
    if (match?.[1]) return Buffer.from(match[1], "base64");
  }
  return undefined;
}

/**
 * The images a prediction "made": the pictures a test scripted, else the photo it was sent in a
 * frame of each image's colour (framedPhoto), else flat colours. `first` numbers the colours.
 */
export function madeImages(input: Record<string, unknown>, count: number, first: number, scripted?: readonly Buffer[]): Promise<Buffer[]> {
  if (scripted) return Promise.resolve([...scripted]);
  const photo = photoInInput(input);
  return Promise.all(Array.from({ length: count }, (_, index) => (photo ? framedPhoto(first + index, photo) : resultPng(first + index))));
}

export interface FakeServer {
  origin: string;
  close(): Promise<void>;
}

export async function startServer(
  handle: (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<void>,
  port = 0,
): Promise<FakeServer> {
  const open = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    open.add(response);
    response.on("close", () => open.delete(response));
    const url = new URL(request.url ?? "/", "http://fake");
    handle(request, response, url).catch((error: unknown) => {
      console.error("[fake]", error);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
  return {
    origin,
    async close() {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Serves result images under /results/<name>. */
export class ResultFiles {
  private readonly files = new Map<string, Buffer>();
  /** Downloads of each file, to check that no more than the ordered images were fetched. */
  readonly downloads = new Map<string, number>();

  constructor(private readonly origin: () => string) {}

  add(bytes: Buffer): string {
    const name = `${randomId(12)}.png`;
    this.files.set(name, bytes);
    return `${this.origin()}/results/${name}`;
  }

  handle(response: ServerResponse, url: URL): boolean {
    if (!url.pathname.startsWith("/results/")) return false;
    const name = url.pathname.slice("/results/".length);
    const bytes = this.files.get(name);
    if (!bytes) {
      response.writeHead(404).end();
      return true;
    }
    this.downloads.set(name, (this.downloads.get(name) ?? 0) + 1);
    response.writeHead(200, { "content-type": "image/png", "content-length": bytes.byteLength });
    response.end(bytes);
    return true;
  }

  get totalDownloads(): number {
    return [...this.downloads.values()].reduce((sum, count) => sum + count, 0);
  }
}
