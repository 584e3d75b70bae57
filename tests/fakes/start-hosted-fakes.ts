/**
 * The hosted image models of the "hosted-engines" e2e journeys as one process Playwright starts
 * (playwright.config.ts webServer): stand-ins of Replicate, fal and Gemini, each on its own port
 * and speaking its service's HTTP protocol (tests/fakes/hosted), and a small control server with
 * /health, /requests/<service> (what each stand-in was asked) and /deliveries/<service> (the
 * webhooks Replicate's and fal's stand-ins delivered and what the app answered).
 *
 *   E2E_HOSTED_FAKES_PORT=4600 E2E_REPLICATE_PORT=4601 E2E_FAL_PORT=4602 E2E_GEMINI_PORT=4603 \
 *     npx tsx tests/fakes/start-hosted-fakes.ts
 */
import { sendJson, startServer } from "./hosted/fake-http";
import { startFakeFal } from "./hosted/fal-server";
import { startFakeGemini } from "./hosted/gemini-server";
import { e2eHostedCredentials } from "./hosted/e2e-credentials";
import { startFakeReplicate } from "./hosted/replicate-server";

async function main() {
  const replicate = await startFakeReplicate({ token: e2eHostedCredentials.replicateToken, port: Number(process.env.E2E_REPLICATE_PORT ?? 0) });
  const fal = await startFakeFal({ key: e2eHostedCredentials.falKey, port: Number(process.env.E2E_FAL_PORT ?? 0) });
  const gemini = await startFakeGemini({ apiKey: e2eHostedCredentials.geminiKey, port: Number(process.env.E2E_GEMINI_PORT ?? 0) });
  // Predictions take a moment, so the loading page shows them in progress.
  replicate.plan({ outcome: { status: "succeeded" }, afterMs: 1_500 });
  fal.plan({ outcome: { status: "succeeded" }, afterMs: 1_500 });

  const logs = {
    replicate: () => replicate.requests.map((request) => ({ method: request.method, path: request.path, body: request.body })),
    fal: () => fal.requests.map((request) => ({ method: request.method, path: request.path, query: request.query.toString(), body: request.body })),
    gemini: () => gemini.requests.map((request) => ({ method: request.method, path: request.path })),
  };
  const control = await startServer(async (_request, response, url) => {
    if (url.pathname === "/health") return sendJson(response, 200, { ok: true });
    const service = /^\/requests\/(replicate|fal|gemini)$/.exec(url.pathname)?.[1];
    if (service === "replicate" || service === "fal" || service === "gemini") return sendJson(response, 200, logs[service]());
    if (url.pathname === "/deliveries/replicate") return sendJson(response, 200, replicate.deliveries);
    if (url.pathname === "/deliveries/fal") return sendJson(response, 200, fal.deliveries);
    response.writeHead(404).end();
  }, Number(process.env.E2E_HOSTED_FAKES_PORT ?? 4600));
  console.info(`[hosted fakes] Replicate ${replicate.origin}, fal ${fal.origin}, Gemini ${gemini.origin}, control ${control.origin}`);

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      void Promise.allSettled([replicate.close(), fal.close(), gemini.close(), control.close()]).finally(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
