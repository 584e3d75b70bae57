/**
 * Runs once when a Next.js server starts. Only the Node.js runtime prepares the app; the
 * conditional import is what keeps Node-only code (database, storage) out of the edge build.
 * NEXT_RUNTIME is read straight from process.env on purpose: Next.js replaces it at compile time.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startNodeServer } = await import("./lib/startup/start-node-server");
    await startNodeServer();
  }
}
