import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { ensureBuild, startServer } from "../lib/server";
import type { BenchRow, BenchSuite } from "../lib/types";

const pages = ["/", "/headshot-pro"];
const firstLoadTargetKb = 180;
const connections = 50;
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);

/** Sum of the gzip-compressed sizes of every script the page's HTML loads. */
async function firstLoadJsBytes(baseUrl: string, page: string): Promise<number> {
  const html = await (await fetch(`${baseUrl}${page}`)).text();
  const sources = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1] ?? "");
  const unique = [...new Set(sources.filter((src) => src.endsWith(".js")))];
  let total = 0;
  for (const src of unique) {
    const body = Buffer.from(await (await fetch(new URL(src, baseUrl))).arrayBuffer());
    total += gzipSync(body).byteLength;
  }
  return total;
}

async function load(url: string) {
  return autocannon({ url, connections, duration: durationSeconds });
}

export const pagesSuite: BenchSuite = {
  name: "Pages",
  async run() {
    ensureBuild();
    const server = await startServer();
    const rows: BenchRow[] = [];
    try {
      for (const page of pages) {
        const bytes = await firstLoadJsBytes(server.baseUrl, page);
        const kb = Math.round((bytes / 1024) * 10) / 10;
        rows.push({
          name: `${page} first-load JS (gzip)`,
          value: kb,
          unit: "KB",
          target: page === "/" ? { text: `≤ ${firstLoadTargetKb} KB`, met: kb <= firstLoadTargetKb } : undefined,
        });
        const result = await load(`${server.baseUrl}${page}`);
        const failures = result.errors + result.timeouts + result.non2xx;
        rows.push({ name: `${page} requests/s (${connections} conn)`, value: Math.round(result.requests.average), unit: "req/s" });
        rows.push({ name: `${page} p99 latency`, value: result.latency.p99, unit: "ms" });
        rows.push({
          name: `${page} failed requests`,
          value: failures,
          unit: "count",
          target: { text: "0", met: failures === 0 },
        });
      }
    } finally {
      await server.stop();
    }
    return rows;
  },
};
