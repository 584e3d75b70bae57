import { getDb } from "@/db";
import { handleEngineCallback, maxCallbackBytes } from "@/lib/generation/engine-callbacks";
import { getEngineDirectory } from "@/lib/generation/engines/server-engines";

/** Replicate and fal call this when a prediction ends; the body must stay as sent for its signature. */
export async function POST(request: Request, { params }: { params: Promise<{ engine: string }> }): Promise<Response> {
  const { engine } = await params;
  if (Number(request.headers.get("content-length") ?? 0) > maxCallbackBytes) {
    return Response.json({ received: false }, { status: 413 });
  }
  const body = await request.text();
  if (Buffer.byteLength(body) > maxCallbackBytes) return Response.json({ received: false }, { status: 413 });
  const result = await handleEngineCallback(
    { db: getDb(), engineNamed: getEngineDirectory().named },
    { engine, slot: new URL(request.url).searchParams, headers: request.headers, body },
  );
  return Response.json(result.body, { status: result.status });
}
