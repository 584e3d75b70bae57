import { getDb } from "@/db";
import { isReachable } from "@/db/client";

/** Liveness and readiness for load balancers: 200 when the database answers, 503 otherwise. */
export const dynamic = "force-dynamic";

export async function GET() {
  let reachable = false;
  try {
    reachable = await isReachable(getDb());
  } catch {
    // Opening the database failed (bad configuration); report it as unavailable.
    reachable = false;
  }
  return Response.json(
    { status: reachable ? "ok" : "unavailable" },
    { status: reachable ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
