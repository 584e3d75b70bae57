import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { z } from "zod";
import type { Database } from "@/db/client";
import { insertUserIfEmailFree } from "@/db/queries/users";
import { hashPassword } from "@/lib/auth/password";
import { grantCredits } from "@/lib/credits/ledger";
import { benchEnv } from "../lib/bench-env";
import { benchPhoto } from "../lib/bench-photo";
import { ensureBuild, startServer } from "../lib/server";
import { serverActionId, serverActionRequest } from "../lib/server-action";
import { signInOverHttp } from "../lib/sign-in";
import { createThrowawayDatabase } from "../lib/throwaway-database";
import type { BenchRow, BenchSuite } from "../lib/types";

/**
 * Load (issue #11; `/` and `/headshot-pro` also answer issue #2): autocannon with 50 connections
 * for BENCH_DURATION seconds against `next start` on a throw-away PostgreSQL database, for the
 * pages signed out, the dashboard and a generation's status signed in, and starting AI Product
 * generations through the tools' server action. The server runs as deployed, its generation
 * worker included (preview engine), so queued jobs run while the load goes on.
 * Target for each: no errors, i.e. no refused connections, timeouts, non-2xx answers or, for
 * the action, answers other than `{ ok: true }` (an insufficient-credits answer would count).
 */

const connections = 50;
const password = "bench password 0123456789";
/** Far more than 50 connections can spend in any run: 2 credits a generation. */
const benchCredits = 1_000_000;

interface LoadCase {
  label: string;
  url: string;
  request?: { method: "GET" | "POST"; headers: Record<string, string>; body?: string };
  /** A 2xx answer whose body fails this check counts as an error too. */
  verifyBody?: (body: string) => boolean;
  issue?: string;
}

async function measure({ label, url, request, verifyBody, issue }: LoadCase): Promise<BenchRow[]> {
  // A fresh server loads a route's code on its first request; that is not what load measures.
  await (await fetch(url, request)).arrayBuffer();
  const result = await autocannon({
    url,
    ...request,
    verifyBody: verifyBody && ((body) => body !== undefined && verifyBody(body.toString())),
    connections,
    duration: benchEnv.BENCH_DURATION,
  });
  // `errors` already includes timeouts.
  const failures = result.errors + result.non2xx + result.mismatches;
  return [
    { name: `${label}: requests/s (${connections} connections)`, value: Math.round(result.requests.average), unit: "req/s", issue },
    { name: `${label}: p99 latency`, value: result.latency.p99, unit: "ms", issue },
    {
      name: `${label}: errors of ${result.requests.total} (timeouts ${result.timeouts}, non-2xx ${result.non2xx}, refused ${result.mismatches})`,
      value: failures,
      unit: "count",
      // A run in which no answer arrived measured nothing, so it cannot meet the target.
      target: { text: "0", met: failures === 0 && result.requests.total > 0 },
      issue,
    },
  ];
}

/** A user with a password and more credits than the run can spend, signed in over HTTP. */
async function signedInUserCookie(db: Database, baseUrl: string): Promise<string> {
  const email = `bench-${randomUUID()}@example.test`;
  const user = await insertUserIfEmailFree(db, {
    email,
    name: "Bench",
    emailVerified: new Date(),
    passwordHash: await hashPassword(password),
  });
  if (!user) throw new Error("could not create the bench user");
  // The first sign-in creates the profile with its welcome credits; the grant goes on top.
  const cookie = await signInOverHttp(baseUrl, email, password);
  await grantCredits(db, { userId: user.id, amount: benchCredits, causeKey: `bench:${user.id}`, kind: "grant" });
  return cookie;
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
  name: "Load (PostgreSQL)",
  issue: "#11",
  async run() {
    ensureBuild();
    const database = await createThrowawayDatabase("bench_load");
    try {
      const server = await startServer({ env: { DATABASE_URL: database.url } });
      try {
        const { db } = await database.open();
        const cookie = await signedInUserCookie(db, server.baseUrl);
        const photo = (await benchPhoto()).toString("base64");
        const createAction = serverActionRequest(
          server.baseUrl,
          serverActionId("lib/actions/create-generation.ts", "createGenerationAction"),
          [{ tool: "ai_product", options: { prompt: "on a red velvet cloth", dimension: "square" }, image: `data:image/jpeg;base64,${photo}` }],
          cookie,
        );
        const generationId = await completedGeneration(server.baseUrl, createAction, cookie);
        const signedIn = { method: "GET" as const, headers: { Cookie: cookie } };
        const cases: LoadCase[] = [
          { label: "GET / (signed out)", url: `${server.baseUrl}/`, issue: "#2, #11" },
          { label: "GET /headshot-pro (signed out)", url: `${server.baseUrl}/headshot-pro`, issue: "#2" },
          { label: "GET /dashboard (signed in)", url: `${server.baseUrl}/dashboard`, request: signedIn },
          { label: "GET /api/generations/{id} (owner)", url: `${server.baseUrl}/api/generations/${generationId}`, request: signedIn },
          {
            label: "createGenerationAction (AI Product, 1024×768 photo, preview engine)",
            url: `${server.baseUrl}/ai-product/step2`,
            request: createAction,
            verifyBody: (body) => body.includes('"ok":true'),
          },
        ];
        const rows: BenchRow[] = [];
        for (const loadCase of cases) rows.push(...(await measure(loadCase)));
        return rows;
      } finally {
        await server.stop();
      }
    } finally {
      await database.drop();
    }
  },
};
