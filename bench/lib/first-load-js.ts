import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";
import { z } from "zod";

/**
 * First-load JS of every page route of a build, read from its manifests (issue #16): the scripts
 * every page loads (build-manifest.json's rootMainFiles) plus those of the route's own entries
 * (its page, layouts, not-found and error boundaries, as listed in the page's client reference
 * manifest), gzip-compressed as a browser receives them. Route handlers load no JS.
 */

const buildManifestSchema = z.object({ rootMainFiles: z.array(z.string()) });
const routesManifestSchema = z.record(z.string(), z.string());
const clientManifestSchema = z.object({ entryJSFiles: z.record(z.string(), z.array(z.string())) });

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, "utf8"));
}

/** The page's client reference manifest is a script that assigns to globalThis.__RSC_MANIFEST. */
function entryScriptsOf(distDir: string, page: string): string[] {
  const file = path.join(distDir, "server", "app", `${page}_client-reference-manifest.js`);
  if (!existsSync(file)) throw new Error(`No client reference manifest for ${page} in ${distDir}`);
  const sandbox: { globalThis?: unknown; __RSC_MANIFEST?: Record<string, unknown> } = {};
  sandbox.globalThis = sandbox;
  runInNewContext(readFileSync(file, "utf8"), sandbox);
  const manifest = clientManifestSchema.parse(sandbox.__RSC_MANIFEST?.[page]);
  return Object.values(manifest.entryJSFiles).flat();
}

/** Gzip-compressed bytes of each page route's first-load JS, by URL path ("/dashboard"). */
export function firstLoadJsByRoute(distDir: string): Map<string, number> {
  const { rootMainFiles } = buildManifestSchema.parse(readJson(path.join(distDir, "build-manifest.json")));
  const routes = routesManifestSchema.parse(readJson(path.join(distDir, "app-path-routes-manifest.json")));
  const sizes = new Map<string, number>();
  const gzipped = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(distDir, file))).byteLength;
      sizes.set(file, size);
    }
    return size;
  };
  const result = new Map<string, number>();
  for (const [page, route] of Object.entries(routes)) {
    if (!page.endsWith("/page")) continue;
    const scripts = new Set([...rootMainFiles, ...entryScriptsOf(distDir, page)]);
    result.set(route, [...scripts].reduce((total, file) => total + gzipped(file), 0));
  }
  return result;
}
