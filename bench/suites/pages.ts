import { gzipSync } from "node:zlib";
import { startBlankNextApp } from "../lib/blank-next-app";
import { ensureBuild, startServer, type RunningServer } from "../lib/server";
import type { BenchRow, BenchSuite } from "../lib/types";

/**
 * First-load JS (issue #2): the gzip-compressed bytes of every script a page's HTML loads in a
 * current browser (the `noModule` polyfills only older browsers fetch are left out), for
 * `/` (target at most 180 KB) and `/headshot-pro`, beside a blank Next.js page built in the same
 * run (the issue puts it at about 135 KB). The pages' requests per second are in the load suite.
 */
const pages = ["/", "/headshot-pro"];
const firstLoadTargetKb = 180;

const kilobytes = (bytes: number) => Math.round(bytes / 102.4) / 10;

async function withServer<T>(start: () => Promise<RunningServer>, measure: (server: RunningServer) => Promise<T>): Promise<T> {
  const server = await start();
  try {
    return await measure(server);
  } finally {
    await server.stop();
  }
}

async function firstLoadJsBytes(baseUrl: string, page: string): Promise<number> {
  const response = await fetch(`${baseUrl}${page}`);
  // An error page loads other scripts than the page; its size would mean nothing.
  if (!response.ok) throw new Error(`${page} answered ${response.status}`);
  const html = await response.text();
  const sources = [...html.matchAll(/<script([^>]*)\ssrc="([^"]+)"([^>]*)>/g)]
    .filter((match) => !/\bnoModule\b/i.test(`${match[1]} ${match[3]}`))
    .map((match) => match[2] ?? "");
  const unique = [...new Set(sources.filter((src) => src.endsWith(".js")))];
  let total = 0;
  for (const src of unique) {
    const body = Buffer.from(await (await fetch(new URL(src, baseUrl))).arrayBuffer());
    total += gzipSync(body).byteLength;
  }
  return total;
}

export const pagesSuite: BenchSuite = {
  id: "pages",
  name: "Pages",
  issue: "#2",
  async run() {
    ensureBuild();
    const blankKb = kilobytes(await withServer(startBlankNextApp, (server) => firstLoadJsBytes(server.baseUrl, "/")));
    const appKb = await withServer(() => startServer(), async (server) => {
      const sizes: number[] = [];
      for (const page of pages) sizes.push(kilobytes(await firstLoadJsBytes(server.baseUrl, page)));
      return sizes;
    });
    return pages.map((page, index): BenchRow => {
      const kb = appKb[index] ?? 0;
      return {
        name: `${page} first-load JS (gzip)`,
        value: kb,
        unit: "KB",
        target: page === "/" ? { text: `≤ ${firstLoadTargetKb} KB`, met: kb <= firstLoadTargetKb } : undefined,
        baseline: { name: "blank Next.js page", value: blankKb },
      };
    });
  },
};
