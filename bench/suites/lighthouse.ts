import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import puppeteer from "puppeteer-core";
import { z } from "zod";
import { signedInBenchUser } from "../lib/bench-user";
import { benchEnv } from "../lib/bench-env";
import { startBlankNextApp } from "../lib/blank-next-app";
import { ensureBuild, startServer } from "../lib/server";
import { lighthouseKey, lighthousePages } from "../lib/targets";
import { createThrowawayDatabase } from "../lib/throwaway-database";
import type { BenchRow, BenchSuite } from "../lib/types";

/**
 * Lighthouse (issue #16): its default mobile preset (simulated slow 4G and a 4× slower CPU) in
 * the machine's Chromium on `/`, `/auth`, `/headshot-pro` signed out and `/dashboard` signed in
 * as the load suite's user, beside the blank Next.js page. Each figure is the median of
 * BENCH_LIGHTHOUSE_RUNS runs. Targets in bench/lib/targets.ts. Lighthouse runs through its own
 * CLI in plain Node: under tsx, the functions it sends into the page carry esbuild's `__name`
 * helper, which the page does not have. A run that ends on another path than it asked for (a
 * sign-in redirect) fails the suite instead of measuring the wrong page.
 */

const lighthouseCli = path.join(path.dirname(createRequire(import.meta.url).resolve("lighthouse/package.json")), "cli", "index.js");
const execFileAsync = promisify(execFile);

const reportSchema = z.object({
  runtimeError: z.object({ message: z.string() }).optional(),
  finalDisplayedUrl: z.string(),
  categories: z.object({ performance: z.object({ score: z.number().nullable() }) }),
  audits: z.record(z.string(), z.object({ numericValue: z.number().optional() })),
});

interface Scores {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * Leaves the browser's cookie jar holding exactly the pairs of `cookieHeader` (a Cookie header)
 * for `url`'s host, so each run is its own visitor whatever earlier pages set. The session goes
 * in the jar, not in Lighthouse's --extra-headers: Chromium replaces that header with the jar's
 * cookies whenever the jar has some for the host (Auth.js's CSRF cookie after a signed-out page),
 * and the page was then measured signed out. Lighthouse's storage reset leaves cookies alone.
 */
async function setBrowserCookies(port: number, url: string, cookieHeader = ""): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    await browser.deleteCookie(...(await browser.cookies()));
    const { hostname: domain } = new URL(url);
    const cookies = cookieHeader
      .split("; ")
      .filter(Boolean)
      .map((pair) => {
        const separator = pair.indexOf("=");
        return { name: pair.slice(0, separator), value: pair.slice(separator + 1), domain, path: "/" };
      });
    if (cookies.length > 0) await browser.setCookie(...cookies);
  } finally {
    await browser.disconnect();
  }
}

async function audit(port: number, url: string, cookie?: string): Promise<Scores> {
  const runs: Scores[] = [];
  for (let run = 0; run < benchEnv.BENCH_LIGHTHOUSE_RUNS; run += 1) {
    await setBrowserCookies(port, url, cookie);
    const flags = ["--output=json", "--output-path=stdout", "--only-categories=performance", "--quiet", `--port=${port}`];
    const { stdout } = await execFileAsync(process.execPath, [lighthouseCli, url, ...flags], { maxBuffer: 64 * 1024 * 1024 });
    const report = reportSchema.parse(JSON.parse(stdout));
    if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.message}`);
    if (new URL(report.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`Lighthouse on ${url} measured ${report.finalDisplayedUrl} instead`);
    }
    const numeric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
    runs.push({
      performance: Math.round((report.categories.performance.score ?? Number.NaN) * 100),
      lcpMs: Math.round(numeric("largest-contentful-paint")),
      tbtMs: Math.round(numeric("total-blocking-time")),
      cls: Math.round(numeric("cumulative-layout-shift") * 1000) / 1000,
    });
  }
  return {
    performance: median(runs.map((run) => run.performance)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
  };
}

function rowsOf(page: string, scores: Scores, blank: Scores): BenchRow[] {
  const baseline = (value: number) => ({ name: "blank Next.js page", value });
  return [
    { key: lighthouseKey(page, "performance"), name: `${page} performance score`, value: scores.performance, unit: "", baseline: baseline(blank.performance) },
    { key: lighthouseKey(page, "LCP"), name: `${page} largest contentful paint`, value: scores.lcpMs, unit: "ms", baseline: baseline(blank.lcpMs) },
    { key: lighthouseKey(page, "TBT"), name: `${page} total blocking time`, value: scores.tbtMs, unit: "ms", baseline: baseline(blank.tbtMs) },
    { key: lighthouseKey(page, "CLS"), name: `${page} cumulative layout shift`, value: scores.cls, unit: "", baseline: baseline(blank.cls) },
  ];
}

export const lighthouseSuite: BenchSuite = {
  id: "lighthouse",
  name: "Lighthouse (mobile)",
  issue: "#16",
  async run() {
    ensureBuild();
    const chrome = await chromeLauncher.launch({
      chromePath: "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    try {
      const blankServer = await startBlankNextApp();
      let blank: Scores;
      try {
        blank = await audit(chrome.port, `${blankServer.baseUrl}/`);
      } finally {
        await blankServer.stop();
      }
      const database = await createThrowawayDatabase("bench_lighthouse");
      try {
        const server = await startServer({ env: { DATABASE_URL: database.url } });
        try {
          const { db } = await database.open();
          const cookie = await signedInBenchUser(db, server);
          const rows: BenchRow[] = [];
          for (const page of lighthousePages) {
            const signedIn = page === "/dashboard";
            // A first request loads the route's code; Lighthouse measures the page, not that.
            await (await fetch(`${server.baseUrl}${page}`, signedIn ? { headers: { Cookie: cookie } } : {})).arrayBuffer();
            rows.push(...rowsOf(page, await audit(chrome.port, `${server.baseUrl}${page}`, signedIn ? cookie : undefined), blank));
          }
          return rows;
        } finally {
          await server.stop();
        }
      } finally {
        await database.drop();
      }
    } finally {
      chrome.kill();
    }
  },
};
