import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer, type RunningServer } from "./server";

/** The blank app's page that is rendered per request (the one at / is prerendered). */
export const blankPerRequestPath = "/per-request";

/**
 * The baseline of issues #2 and #16 (first-load JS, requests per second): a blank Next.js app (one page, default configuration)
 * built and started with this checkout's Next.js in a temporary folder. It lives outside the
 * checkout so that ESLint and TypeScript never see its build output.
 */
const files: Record<string, string> = {
  "app/layout.jsx":
    'export default function RootLayout({ children }) {\n  return <html lang="en"><body>{children}</body></html>;\n}\n',
  "app/page.jsx": "export default function Page() {\n  return <main>Hello</main>;\n}\n",
  // The floor under every signed-in page: the same page, rendered per request because it reads
  // the request's cookies (as a page that reads a session must).
  [`app${blankPerRequestPath}/page.jsx`]:
    'import { cookies } from "next/headers";\n\nexport default async function Page() {\n  await cookies();\n  return <main>Hello</main>;\n}\n',
  // node_modules is a link into this checkout; Turbopack compiles nothing outside its root.
  "next.config.mjs": 'export default { turbopack: { root: "/" } };\n',
};

let builtProject: string | undefined;

/** Builds the blank app once per bench run (the pages, load and Lighthouse suites share it). */
function blankProjectDir(): string {
  if (builtProject) return builtProject;
  const projectDir = mkdtempSync(path.join(os.tmpdir(), "bench-blank-next-"));
  // Removed when the bench ends, however it ends.
  process.on("exit", () => rmSync(projectDir, { recursive: true, force: true }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(projectDir, file)), { recursive: true });
    writeFileSync(path.join(projectDir, file), text);
  }
  symlinkSync(path.resolve("node_modules"), path.join(projectDir, "node_modules"), "dir");
  const build = spawnSync("npx", ["next", "build", projectDir], { stdio: "inherit" });
  if (build.status !== 0) throw new Error("next build of the blank app failed");
  builtProject = projectDir;
  return projectDir;
}

export async function startBlankNextApp(): Promise<RunningServer> {
  return startServer({ projectDir: blankProjectDir(), readyPath: "/" });
}

/** The blank app's build output, for reading its manifests. */
export function blankAppDistDir(): string {
  return path.join(blankProjectDir(), ".next");
}
