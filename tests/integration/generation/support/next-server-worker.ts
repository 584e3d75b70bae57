/**
 * A Next.js server's startup without the HTTP part, for the graceful-restart test: a SIGTERM /
 * SIGINT listener like Next.js's own (node_modules/next/dist/server/lib/start-server.js: close
 * the server, then process.exit) is registered first, then lib/startup/start-node-server.ts runs
 * as instrumentation.ts runs it, starting the worker inside the server.
 */
import { startNodeServer } from "@/lib/startup/start-node-server";

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    console.info(`[next] ${signal}: closing the server and exiting`);
    setImmediate(() => process.exit(143));
  });
}

startNodeServer().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
