import autocannon from "autocannon";
import { z } from "zod";
import { benchEnv } from "../lib/bench-env";
import { benchPhoto } from "../lib/bench-photo";
import { signedInBenchUser } from "../lib/bench-user";
import { blankPerRequestPath, startBlankNextApp } from "../lib/blank-next-app";
import { ensureBuild, startServer } from "../lib/server";
import { serverActionId, serverActionRequest } from "../lib/server-action";
import { createGenerationPage, htmlSizeKey, loadKey } from "../lib/targets";
import { createThrowawayDatabase } from "../lib/throwaway-database";
import type { BenchRow, BenchSuite } from "../lib/types";

/**
 * Load (issues #11 and #16; `/` and `/headshot-pro` also answer issue #2): autocannon with 50
 * connections for BENCH_DURATION seconds, first against a blank Next.js page (the baseline of
 * every requests/s row), then against `next start` on a throw-away PostgreSQL database: the pages
 * signed out, `/dashboard` and `/activity` signed in as a user with BENCH_USER_GENERATIONS
 * finished generations, a generation's status, and starting AI Product generations through the
 * tools' server action. The server runs as deployed, its generation worker included (the
 * default local engine), so queued jobs run while the load goes on. The targets are in bench/lib/targets.ts;
 * an error is a refused connection, a timeout, a non-2xx answer or, for the action, an answer
 * other than `{ ok: true }` (an insufficient-credits answer would count).
 */

const connections = 50;

interface LoadCase {
  label: string;
  /** The page (or action) the target table names; cases without one are measured only. */
  page?: string;
  url: string;
  request?: { method: "GET" | "POST"; headers: Record<string, string>; body?: string };
  /** A 2xx answer whose body fails this check counts as an error too. */
  verifyBody?: (body: string) => boolean;
  issue?: string;
  /** Also report the size of the page's HTML (uncompressed), the flight data of its hydration included. */
  htmlSize?: boolean;
  /**
   * Signed-in pages are read against the blank app's page rendered per request (the framework's
   * floor for a page that reads the request), every other case against the blank page.
   */
  perRequest?: boolean;
}

/** The blank app's two pages of the same run, the baselines of the requests/s rows. */
interface Baselines {
  prerendered: Measured;
  perRequest: Measured;
}

interface Measured {
  requestsPerSecond: number;
  p99: number;
  failures: number;
  total: number;
  detail: string;
  /** Bytes of the first answer's body. */
  bodyBytes: number;
}

async function run({ url, request, verifyBody }: LoadCase): Promise<Measured> {
  // A fresh server loads a route's code on its first request; that is not what load measures.
  const bodyBytes = (await (await fetch(url, request)).arrayBuffer()).byteLength;
  const result = await autocannon({
    url,
    ...request,
    verifyBody: verifyBody && ((body) => body !== undefined && verifyBody(body.toString())),
    connections,
    duration: benchEnv.BENCH_DURATION,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99: result.latency.p99,
    // `errors` already includes timeouts.
    failures: result.errors + result.non2xx + result.mismatches,
    total: result.requests.total,
    detail: `timeouts ${result.timeouts}, non-2xx ${result.non2xx}, refused ${result.mismatches}`,
    bodyBytes,
  };
}

function rowsOf(loadCase: LoadCase, measured: Measured, baselines: Baselines): BenchRow[] {
  const { label, page, issue } = loadCase;
  const baseline = loadCase.perRequest
    ? { name: "blank Next.js page rendered per request", value: baselines.perRequest.requestsPerSecond }
    : { name: "blank Next.js page", value: baselines.prerendered.requestsPerSecond };
  const key = (measure: Parameters<typeof loadKey>[1]) => (page === undefined ? undefined : loadKey(page, measure));
  const htmlRow: BenchRow[] = loadCase.htmlSize
    ? [{ key: page && htmlSizeKey(page), name: `${label}: HTML size (uncompressed)`, value: Math.round(measured.bodyBytes / 102.4) / 10, unit: "KB", issue: "#16" }]
    : [];
  return [
    ...htmlRow,
    {
      key: key("req/s"),
      name: `${label}: requests/s (${connections} connections)`,
      value: measured.requestsPerSecond,
      unit: "req/s",
      baseline,
      issue,
    },
    // No answer, no latency: 0 ms would read as a met target.
    { key: key("p99"), name: `${label}: p99 latency`, value: measured.total > 0 ? measured.p99 : Number.NaN, unit: "ms", issue },
    {
      key: key("errors"),
      name: `${label}: errors of ${measured.total} (${measured.detail})`,
      // A run in which no answer arrived measured nothing, so it cannot meet the target.
      value: measured.total > 0 ? measured.failures : Number.NaN,
      unit: "count",
      issue,
    },
  ];
}

/**
 * The blank Next.js page under the same load, measured first so nothing else competes, then the
 * blank app's page rendered per request: the framework's own floor under the signed-in pages,
 * which must be rendered per request, and the baseline of their target.
 */
async function blankPages(): Promise<Baselines> {
  const server = await startBlankNextApp();
  try {
    const prerendered = await run({ label: "blank", url: `${server.baseUrl}/` });
    const perRequest = await run({ label: "blank, per request", url: `${server.baseUrl}${blankPerRequestPath}` });
    return { prerendered, perRequest };
  } finally {
    await server.stop();
  }
}

const generationStatus = z.object({ status: z.string() });

/** Starts one generation through the action and waits for the worker to complete it. */
async function completedGeneration(baseUrl: string, action: ReturnType<typeof serverActionRequest>, cookie: string) {
  const body = await (await fetch(`${baseUrl}/ai-product/step2`, action)).text();
  const id = /"ok":true,"data":\{"id":"([0-9a-f-]{36})"/.exec(body)?.[1];
  if (!id) throw new Error(`createGenerationAction did not start a generation: ${body.slice(0, 500)}`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/generations/${id}`, { headers: { Cookie: cookie } });
    const { status } = generationStatus.parse(await response.json());
    if (status === "complete") return id;
    if (status === "failed" || Date.now() > deadline) throw new Error(`the bench generation ended ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export const loadSuite: BenchSuite = {
  id: "load",
  name: "Load (PostgreSQL)",
  issue: "#11",
  async run() {
    ensureBuild();
    const baselines = await blankPages();
    const { prerendered: blank } = baselines;
    const blankRows: BenchRow[] = [
      { name: `GET / of a blank Next.js app: requests/s (${connections} connections)`, value: blank.requestsPerSecond, unit: "req/s", issue: "#16" },
      { name: "GET / of a blank Next.js app: p99 latency", value: blank.p99, unit: "ms", issue: "#16" },
      ...rowsOf({ label: `GET ${blankPerRequestPath} of a blank Next.js app (rendered per request)`, url: "", issue: "#16" }, baselines.perRequest, baselines),
    ];
    const database = await createThrowawayDatabase("bench_load");
    try {
      const server = await startServer({ env: { DATABASE_URL: database.url } });
      try {
        const { db } = await database.open();
        const cookie = await signedInBenchUser(db, server);
        const photo = (await benchPhoto()).toString("base64");
        const createAction = serverActionRequest(
          server.baseUrl,
          serverActionId("lib/actions/create-generation.ts", "createGenerationAction"),
          [{ tool: "ai_product", options: { prompt: "on a red velvet cloth", dimension: "square" }, image: `data:image/jpeg;base64,${photo}` }],
          cookie,
        );
        const generationId = await completedGeneration(server.baseUrl, createAction, cookie);
        const signedIn = { method: "GET" as const, headers: { Cookie: cookie } };
        const generations = benchEnv.BENCH_USER_GENERATIONS;
        const cases: LoadCase[] = [
          { label: "GET / (signed out)", page: "/", url: `${server.baseUrl}/`, htmlSize: true, issue: "#2, #11, #16" },
          { label: "GET /headshot-pro (signed out)", page: "/headshot-pro", url: `${server.baseUrl}/headshot-pro`, htmlSize: true, issue: "#2, #16" },
          { label: "GET /auth (signed out)", page: "/auth", url: `${server.baseUrl}/auth`, htmlSize: true, issue: "#16" },
          { label: `GET /dashboard (signed in, ${generations} generations)`, page: "/dashboard", url: `${server.baseUrl}/dashboard`, request: signedIn, htmlSize: true, perRequest: true, issue: "#11, #16" },
          { label: `GET /activity (signed in, ${generations} generations)`, page: "/activity", url: `${server.baseUrl}/activity`, request: signedIn, htmlSize: true, perRequest: true, issue: "#16" },
          { label: "GET /api/generations/{id} (owner)", page: "/api/generations/{id}", url: `${server.baseUrl}/api/generations/${generationId}`, request: signedIn, issue: "#11" },
          {
            label: "createGenerationAction (AI Product, 1024×768 photo, local engine)",
            page: createGenerationPage,
            url: `${server.baseUrl}/ai-product/step2`,
            request: createAction,
            verifyBody: (body) => body.includes('"ok":true'),
          },
        ];
        const rows: BenchRow[] = [...blankRows];
        for (const loadCase of cases) rows.push(...rowsOf(loadCase, await run(loadCase), baselines));
        return rows;
      } finally {
        await server.stop();
      }
    } finally {
      await database.drop();
    }
  },
};
