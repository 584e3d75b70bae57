"use client";

import { useEffect } from "react";
import { useSearchParams } from "next/navigation";
import { safeCallbackPath } from "@/lib/auth/routes";
import type { AuthMode } from "@/lib/routing/public-pages";

export interface AuthQuery {
  mode: AuthMode;
  /** Only same-site paths survive; anything else is dropped and sign-in leads to the dashboard. */
  callbackUrl: string | undefined;
  /** Auth.js sends failed Google sign-ins back with ?error=<type>. */
  error: string | undefined;
}

export function parseAuthQuery(params: URLSearchParams): AuthQuery {
  return {
    mode: params.get("mode") === "signup" ? "signup" : "signin",
    callbackUrl: safeCallbackPath(params.get("callbackUrl") ?? undefined, "") || undefined,
    error: params.get("error") ?? undefined,
  };
}

/**
 * Reports the address's ?mode, ?callbackUrl and ?error to the auth panel, now and whenever they
 * change: a header link to /auth?mode=signup while the sign-in form is open switches the form.
 * /auth is prerendered, so the address is only known in the browser; the panel renders
 * without this (inside a Suspense boundary) and the server already picked the right form.
 */
export function AuthSearchParams({ onChange }: { onChange: (query: AuthQuery) => void }) {
  const search = useSearchParams().toString();
  useEffect(() => onChange(parseAuthQuery(new URLSearchParams(search))), [search, onChange]);
  return null;
}
