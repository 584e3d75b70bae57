import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { parseImageDataUrl } from "@/lib/images/image-data-url";
import { callOutside, OutsideCallTimeout } from "@/lib/resilience/outside-call";
import { HttpStatusError } from "@/lib/resilience/transient-failures";
import { JobFailure } from "../../errors";
import { isPrivateAddress } from "./private-addresses";

/**
 * Fetches one image an engine returned, as bytes for the image intake. Only http(s) and data
 * URLs; private network addresses are refused when the connection is made (the check runs on
 * the resolved address, so a DNS answer cannot point a public name at an internal host), and
 * so are redirects to them. Size and time are capped so a hostile server cannot exhaust memory
 * or hold a worker; a dropped connection or a 429/502/503/504 is tried again inside the job's
 * deadline (lib/resilience/outside-call.ts).
 */

export interface DownloadOptions {
  maxBytes: number;
  timeoutMs: number;
  allowPrivateAddresses: boolean;
  /** The job's signal: aborting it aborts the download with the job's reason. */
  signal: AbortSignal;
  /** The job's deadline (ms since the epoch): no attempt outlasts it. */
  deadline?: number;
}

const maxRedirects = 3;

const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused) return callback(new Error(`refused private address ${refused.address}`), "", 0);
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(new Error(`no address for ${hostname}`), "", 0);
    callback(null, first.address, first.family);
  });
};

function failure(reason: "downloadFailed" | "invalidResultImage" | "resultTooLarge", detail: string): JobFailure {
  return new JobFailure(reason, detail);
}

function request(url: URL, options: DownloadOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.get(
      url,
      {
        signal,
        headers: { accept: "image/*" },
        // A fresh connection every time: a pooled socket would skip the address check below.
        agent: false,
        ...(options.allowPrivateAddresses ? {} : { lookup: guardedLookup }),
      },
      resolve,
    );
    outgoing.on("error", reject);
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers["content-length"] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw failure("resultTooLarge", `content-length ${declared}`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    total += bytes.byteLength;
    if (total > maxBytes) {
      response.destroy();
      throw failure("resultTooLarge", `more than ${maxBytes} bytes`);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

function checkTarget(url: URL, options: DownloadOptions): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw failure("invalidResultImage", `unsupported URL scheme ${url.protocol}`);
  }
  // Literal IP hosts never go through the lookup, so they are checked here.
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!options.allowPrivateAddresses && isIP(host) !== 0 && isPrivateAddress(host)) {
    throw failure("downloadFailed", `refused private address ${host}`);
  }
}

async function fetchFollowingRedirects(start: URL, options: DownloadOptions, signal: AbortSignal): Promise<Buffer> {
  let url = start;
  for (let redirects = 0; ; redirects += 1) {
    checkTarget(url, options);
    const response = await request(url, options, signal);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (redirects >= maxRedirects) throw failure("downloadFailed", "too many redirects");
      url = new URL(response.headers.location, url);
      continue;
    }
    if (status !== 200) {
      response.resume();
      const retryAfter = response.headers["retry-after"];
      throw new HttpStatusError(status, new Headers(retryAfter ? { "retry-after": retryAfter } : {}), `HTTP ${status} from ${url.host}`);
    }
    return readCapped(response, options.maxBytes);
  }
}

export async function downloadImage(reference: string, options: DownloadOptions): Promise<Buffer> {
  if (reference.startsWith("data:")) {
    const parsed = parseImageDataUrl(reference, options.maxBytes);
    if (parsed.ok) return parsed.bytes;
    throw failure(parsed.error.code === "tooLarge" ? "resultTooLarge" : "invalidResultImage", `data URL: ${parsed.error.code}`);
  }
  let url: URL;
  try {
    url = new URL(reference);
  } catch {
    throw failure("invalidResultImage", "not a URL");
  }
  try {
    return await callOutside((signal) => fetchFollowingRedirects(url, options, signal), {
      name: `download from ${url.host}`,
      signal: options.signal,
      deadline: options.deadline,
      timeoutMs: options.timeoutMs,
      // A GET can be repeated safely, also after a stalled attempt.
      retryTimeouts: true,
    });
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason;
    if (error instanceof JobFailure) throw error;
    if (error instanceof OutsideCallTimeout) throw failure("downloadFailed", `timed out after ${error.timeoutMs} ms: ${url.host}`);
    throw failure("downloadFailed", `${url.host}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
