import { getDb } from "@/db";
import { isReachable } from "@/db/client";
import { hostedModelReport } from "@/lib/generation/engines/server-engines";

/**
 * Liveness and readiness for load balancers: 200 when the database answers, 503 otherwise. With
 * hosted image models configured, each one's last lookup at its provider (decision 26): a model
 * that is retired or unknown makes the status `degraded` (still 200: the server works, those
 * tools refuse new jobs) and is named with its tools.
 */
export const dynamic = "force-dynamic";

export async function GET() {
  let reachable = false;
  try {
    reachable = await isReachable(getDb());
  } catch {
    // Opening the database failed (bad configuration); report it as unavailable.
    reachable = false;
  }
  const models = (await hostedModelReport()).map(({ engine, model, tools, state, detail, checkedAt }) => ({
    engine,
    model,
    tools,
    state,
    ...(detail ? { detail } : {}),
    checkedAt: checkedAt.toISOString(),
  }));
  const degraded = models.some((model) => model.state === "unavailable");
  const status = !reachable ? "unavailable" : degraded ? "degraded" : "ok";
  return Response.json(
    { status, ...(models.length > 0 ? { models } : {}) },
    { status: reachable ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
