import loadCustomRoutes from "next/dist/lib/load-custom-routes";
import { normalizeConfig } from "next/dist/server/config-shared";
import { buildCustomRoute } from "next/dist/server/lib/router-utils/filesystem";
import { compileNonPath, matchHas, prepareDestination } from "next/dist/shared/lib/router/utils/prepare-destination";
import { PHASE_PRODUCTION_SERVER } from "next/dist/shared/lib/constants";
import type { NextConfig } from "next";

export interface ConfigRequest {
  path: string;
  /** Lower-case names, as Node.js gives them. */
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
}

type Params = Record<string, string | string[] | undefined>;
type Route = { match: (pathname: string) => Params | false; has?: never[]; missing?: never[] };

/**
 * What `next start`'s router does with next.config.ts's headers and beforeFiles rewrites for a
 * request, step by step as its resolve-routes.ts does, with its own route and condition code:
 * a rewrite's destination gets the values its conditions captured (a named group in a `has`
 * value), which Next.js's config tester (`unstable_getResponseFromNextConfig`) drops.
 */
export async function routeByNextConfig(nextConfig: NextConfig, { path, headers = {}, cookies = {} }: ConfigRequest) {
  const routes = await loadCustomRoutes(await normalizeConfig(PHASE_PRODUCTION_SERVER, nextConfig));
  const url = new URL(path, "http://studio.test");
  const query = Object.fromEntries(url.searchParams);
  const cookie = Object.entries(cookies).map(([name, value]) => `${name}=${value}`).join("; ");
  const request = { headers: { ...headers, ...(cookie ? { cookie } : {}) } };
  const paramsOf = (route: Route): Params | false => {
    const params = route.match(url.pathname);
    if (!params) return false;
    if (!route.has && !route.missing) return params;
    const captured = matchHas(request as never, query, route.has, route.missing);
    return captured ? { ...params, ...captured } : false;
  };

  const responseHeaders = new Headers();
  for (const route of routes.headers.map((rule) => buildCustomRoute("header", rule))) {
    const params = paramsOf(route as unknown as Route);
    if (!params) continue;
    const compile = (text: string) => (Object.keys(params).length > 0 ? compileNonPath(text, params) : text);
    for (const { key, value } of route.headers) responseHeaders.set(compile(key), compile(value));
  }
  for (const route of routes.rewrites.beforeFiles.map((rule) => buildCustomRoute("before_files_rewrite", rule))) {
    const params = paramsOf(route as unknown as Route);
    if (!params) continue;
    const { parsedDestination } = prepareDestination({ appendParamsToQuery: true, destination: route.destination, params, query });
    return { pathname: parsedDestination.pathname ?? undefined, headers: responseHeaders };
  }
  return { pathname: undefined, headers: responseHeaders };
}
