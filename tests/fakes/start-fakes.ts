/**
 * The external services of the accounts e2e journeys, as one process Playwright starts
 * (playwright.config.ts webServer): a fake SMTP server, and an HTTP server with the fake Google
 * OpenID provider under /oidc plus the received mail under /inbox for tests to read, and an
 * image webhook under /image-webhook that always fails the way a broken backend would (the
 * "accounts-mail" server sends its Body Shaper jobs there, so the flows can show a failure).
 *
 *   E2E_SMTP_PORT=2525 E2E_FAKES_PORT=4545 npx tsx tests/fakes/start-fakes.ts
 */
import { createServer } from "node:http";
import { fakeGoogleClient } from "./fake-google-client";
import { createFakeOidcProvider, type OidcIdentity } from "./oidc-provider";
import { startFakeSmtpServer } from "./smtp-server";

function isIdentity(value: unknown): value is OidcIdentity {
  if (typeof value !== "object" || value === null) return false;
  const record: Record<string, unknown> = { ...value };
  return typeof record.sub === "string" && typeof record.email === "string" && typeof record.name === "string";
}

async function main() {
  const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2525);
  const httpPort = Number(process.env.E2E_FAKES_PORT ?? 4545);
  const origin = `http://127.0.0.1:${httpPort}`;

  const smtp = await startFakeSmtpServer(smtpPort);
  const oidc = createFakeOidcProvider({
    origin,
    basePath: "/oidc",
    clientId: fakeGoogleClient.id,
    clientSecret: fakeGoogleClient.secret,
  });

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", origin);
    void (async () => {
      if (await oidc.handle(request, response, url)) return;
      if (url.pathname === "/health") {
        response.end("ok");
      } else if (url.pathname === "/image-webhook" && request.method === "POST") {
        // Read the whole request first, like a real backend, then report a failure (spec §7 shape).
        await new Promise((resolve) => request.on("end", resolve).resume());
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ success: false, error: "The fake image service failed on purpose" }));
      } else if (url.pathname === "/inbox" && request.method === "GET") {
        const to = url.searchParams.get("to")?.toLowerCase();
        const mails = to ? smtp.messages.filter((mail) => mail.to.includes(to)) : smtp.messages;
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify(mails));
      } else if (url.pathname === "/oidc-next-identity" && request.method === "POST") {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
        const identity: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        if (!isIdentity(identity)) {
          response.writeHead(400).end();
          return;
        }
        oidc.setNextIdentity(identity);
        response.writeHead(204).end();
      } else {
        response.writeHead(404).end();
      }
    })().catch((error: unknown) => {
      console.error("[fakes]", error);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });

  server.listen(httpPort, "127.0.0.1", () => {
    console.info(`[fakes] SMTP on ${smtp.url}, OpenID provider on ${origin}/oidc, inbox on ${origin}/inbox`);
  });

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      server.close();
      void smtp.close().finally(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  console.error("[fakes] could not start", error);
  process.exit(1);
});
