import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * A stand-in for Google's OpenID Connect endpoints (discovery, authorize, token, userinfo, jwks)
 * that signs in whoever the test announced, without a consent screen. Mounted by an HTTP server
 * under `basePath`; the app points AUTH_GOOGLE_ISSUER at `${origin}${basePath}`.
 */

export interface OidcIdentity {
  sub: string;
  email: string;
  name: string;
}

interface PendingCode {
  identity: OidcIdentity;
  redirectUri: string;
  codeChallenge: string | null;
  nonce: string | null;
}

export interface FakeOidcProvider {
  /** The user the next authorization signs in. */
  setNextIdentity(identity: OidcIdentity): void;
  /** Answers the request when it is one of the provider's; false otherwise. */
  handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean>;
}

function base64url(value: Buffer | string): string {
  return Buffer.from(value).toString("base64url");
}

function signJwt(claims: Record<string, unknown>, key: KeyObject, kid: string): string {
  const header = base64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createSign("RSA-SHA256").update(`${header}.${payload}`).sign(key);
  return `${header}.${payload}.${base64url(signature)}`;
}

async function readBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
}

function clientFromRequest(request: IncomingMessage, body: URLSearchParams): { id: string; secret: string } {
  const basic = request.headers.authorization?.match(/^Basic (.+)$/i)?.[1];
  if (basic) {
    const [id = "", secret = ""] = Buffer.from(basic, "base64").toString("utf8").split(":").map(decodeURIComponent);
    return { id, secret };
  }
  return { id: body.get("client_id") ?? "", secret: body.get("client_secret") ?? "" };
}

export function createFakeOidcProvider(options: {
  origin: string;
  basePath: string;
  clientId: string;
  clientSecret: string;
}): FakeOidcProvider {
  const issuer = `${options.origin}${options.basePath}`;
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomBytes(8).toString("hex");
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, OidcIdentity>();
  let nextIdentity: OidcIdentity = { sub: "fake-google-user", email: "google.user@example.test", name: "Google User" };

  const routes: Record<string, (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<void> | void> = {
    "/.well-known/openid-configuration": (_request, response) =>
      json(response, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
        scopes_supported: ["openid", "email", "profile"],
      }),
    "/jwks": (_request, response) =>
      json(response, 200, { keys: [{ ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" }] }),
    "/authorize": (_request, response, url) => {
      const redirectUri = url.searchParams.get("redirect_uri");
      if (url.searchParams.get("client_id") !== options.clientId || !redirectUri) {
        json(response, 400, { error: "invalid_request" });
        return;
      }
      const code = randomBytes(16).toString("hex");
      codes.set(code, {
        identity: nextIdentity,
        redirectUri,
        codeChallenge: url.searchParams.get("code_challenge"),
        nonce: url.searchParams.get("nonce"),
      });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      const state = url.searchParams.get("state");
      if (state) back.searchParams.set("state", state);
      back.searchParams.set("iss", issuer);
      response.writeHead(302, { location: back.toString() });
      response.end();
    },
    "/token": async (request, response) => {
      const body = await readBody(request);
      const client = clientFromRequest(request, body);
      const pending = codes.get(body.get("code") ?? "");
      codes.delete(body.get("code") ?? "");
      const verifier = body.get("code_verifier") ?? "";
      const challengeMatches =
        !pending?.codeChallenge || createHash("sha256").update(verifier).digest("base64url") === pending.codeChallenge;
      if (client.id !== options.clientId || client.secret !== options.clientSecret) {
        json(response, 401, { error: "invalid_client" });
        return;
      }
      if (!pending || pending.redirectUri !== body.get("redirect_uri") || !challengeMatches) {
        json(response, 400, { error: "invalid_grant" });
        return;
      }
      const now = Math.floor(Date.now() / 1000);
      const accessToken = randomBytes(16).toString("hex");
      accessTokens.set(accessToken, pending.identity);
      const idToken = signJwt(
        {
          iss: issuer,
          aud: options.clientId,
          sub: pending.identity.sub,
          email: pending.identity.email,
          email_verified: true,
          name: pending.identity.name,
          iat: now,
          exp: now + 3600,
          ...(pending.nonce ? { nonce: pending.nonce } : {}),
        },
        privateKey,
        kid,
      );
      json(response, 200, { access_token: accessToken, token_type: "Bearer", expires_in: 3600, id_token: idToken, scope: "openid email profile" });
    },
    "/userinfo": (request, response) => {
      const token = request.headers.authorization?.replace(/^Bearer /i, "") ?? "";
      const identity = accessTokens.get(token);
      if (!identity) json(response, 401, { error: "invalid_token" });
      else json(response, 200, { ...identity, email_verified: true });
    },
  };

  return {
    setNextIdentity(identity) {
      nextIdentity = identity;
    },
    async handle(request, response, url) {
      if (!url.pathname.startsWith(options.basePath)) return false;
      const route = routes[url.pathname.slice(options.basePath.length)];
      if (!route) return false;
      await route(request, response, url);
      return true;
    },
  };
}
