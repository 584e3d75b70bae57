import { createRequire } from "node:module";
import path from "node:path";

/**
 * React's per-request `cache()` outside Next.js. In a server component render React installs a
 * cache dispatcher for the request, and `cache()` (of React's react-server build) memoises
 * within it; anywhere else it memoises nothing. Tests that need the request's memoisation
 * mock "react" with `serverCache` and run one request's calls inside `inRequest`, which
 * installs a fresh dispatcher the way the Flight renderer does per request.
 *
 *   vi.mock("react", async (importOriginal) => ({
 *     ...(await importOriginal<object>()),
 *     cache: (await import("@/tests/helpers/request-scope")).serverCache,
 *   }));
 *
 * The dispatcher is global, so requests run one after the other, never interleaved.
 */

interface CacheDispatcher {
  getCacheForType<T>(createCache: () => T): T;
  getOwner(): null;
}

interface ServerReact {
  cache: <A extends unknown[], R>(fn: (...args: A) => R) => (...args: A) => R;
  __SERVER_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE: { A: CacheDispatcher | null };
}

const require = createRequire(import.meta.url);
const reactDir = path.dirname(require.resolve("react/package.json"));
const serverReact = require(path.join(reactDir, "cjs", "react.react-server.production.js")) as ServerReact;
const internals = serverReact.__SERVER_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;

export const serverCache = serverReact.cache;

/** Runs `render` as one request: `cache()`d functions called within it share their results. */
export async function inRequest<T>(render: () => Promise<T>): Promise<T> {
  if (internals.A) throw new Error("inRequest calls must not overlap");
  const caches = new Map<unknown, unknown>();
  internals.A = {
    getCacheForType<C>(createCache: () => C): C {
      if (!caches.has(createCache)) caches.set(createCache, createCache());
      return caches.get(createCache) as C;
    },
    getOwner: () => null,
  };
  try {
    return await render();
  } finally {
    internals.A = null;
  }
}
