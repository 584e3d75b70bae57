import type { DbOrTx } from "@/db/client";
import { handleEngineCallback } from "@/lib/generation/engine-callbacks";
import type { Engine } from "@/lib/generation/engines/types";
import { readBody, sendJson, startServer } from "@/tests/fakes/hosted/fake-http";

/**
 * The app's callback route (/api/engines/{engine}/callback) on loopback for integration tests,
 * running lib/generation/engine-callbacks.ts against the test's database, so the hosted-model
 * stand-ins deliver their signed callbacks over real HTTP. Every answer is recorded.
 */
export interface CallbackReceiver {
  origin: string;
  answers: { engine: string; status: number; body: unknown }[];
  close(): Promise<void>;
}

export async function startCallbackReceiver(deps: { db: DbOrTx; engineNamed(name: string): Engine | undefined }): Promise<CallbackReceiver> {
  const answers: CallbackReceiver["answers"] = [];
  const server = await startServer(async (request, response, url) => {
    const route = /^\/api\/engines\/([^/]+)\/callback$/.exec(url.pathname);
    if (request.method !== "POST" || !route?.[1]) {
      response.writeHead(404).end();
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    const result = await handleEngineCallback(deps, {
      engine: route[1],
      slot: url.searchParams,
      headers,
      body: await readBody(request),
    });
    answers.push({ engine: route[1], status: result.status, body: result.body });
    sendJson(response, result.status, result.body);
  });
  return { origin: server.origin, answers, close: () => server.close() };
}
