import "server-only";
import { env, isProductionBuild } from "@/lib/env";

/**
 * Stands in for AUTH_SECRET outside production so `npm run dev` and the tests need no setup.
 * It is public, so sessions signed with it are only as safe as a development machine.
 */
const developmentOnlySecret = "development-only-auth-secret:set-AUTH_SECRET-in-production";

export class MissingAuthSecretError extends Error {
  constructor() {
    super("AUTH_SECRET must be set in production (at least 32 characters, e.g. `openssl rand -base64 33`).");
    this.name = "MissingAuthSecretError";
  }
}

export function resolveAuthSecret(settings: {
  configured: string | undefined;
  nodeEnv: "development" | "production" | "test";
  /** `next build` loads server modules without serving anyone; it needs no real secret. */
  building: boolean;
}): string {
  if (settings.configured) return settings.configured;
  if (settings.nodeEnv !== "production" || settings.building) return developmentOnlySecret;
  throw new MissingAuthSecretError();
}

/** The key that signs and encrypts session cookies. */
export function authSecret(): string {
  return resolveAuthSecret({ configured: env.AUTH_SECRET, nodeEnv: env.NODE_ENV, building: isProductionBuild });
}

/** Called when the server starts, so a production server without a secret never takes requests. */
export function assertAuthSecretConfigured(): void {
  authSecret();
}
