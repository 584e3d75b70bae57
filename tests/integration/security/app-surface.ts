import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The app's pages, route handlers and server actions as they are on disk, for the access matrix
 * (access-matrix.ts): a new file appears here and fails the tests until the matrix has its entry.
 */

/** Vitest and Playwright both run from the repository's root. */
const root = process.cwd();

function filesNamed(directory: string, name: string): string[] {
  return readdirSync(path.join(root, directory), { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === name)
    .map((file) => path.join(directory, file));
}

/** "app/(app)/gallery/[id]/page.tsx" → "/gallery/[id]": route groups leave no trace in URLs. */
function urlPattern(file: string): string {
  const segments = path.dirname(file).split(path.sep).slice(1);
  return `/${segments.filter((segment) => !/^\(.+\)$/.test(segment)).join("/")}`;
}

export function pagesOnDisk(): string[] {
  return filesNamed("app", "page.tsx").map(urlPattern);
}

export const httpMethods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof httpMethods)[number];

function isHttpMethod(name: string): name is HttpMethod {
  return httpMethods.some((method) => method === name);
}

/** The methods a route.ts exports: `export const GET`, `export async function POST`, `export const { GET, POST }`. */
function exportedMethods(source: string): HttpMethod[] {
  const names = [
    ...[...source.matchAll(/export\s+(?:const|(?:async\s+)?function)\s+([A-Z]+)\b/g)].map((match) => match[1] ?? ""),
    ...[...source.matchAll(/export\s+const\s*\{([^}]*)\}/g)].flatMap((match) => (match[1] ?? "").split(",").map((name) => name.trim())),
  ];
  return names.filter(isHttpMethod).sort();
}

export function routesOnDisk(): { pattern: string; methods: HttpMethod[] }[] {
  return filesNamed("app", "route.ts")
    .map((file) => ({ pattern: urlPattern(file), methods: exportedMethods(readFileSync(path.join(root, file), "utf8")) }));
}

export interface ActionOnDisk {
  name: string;
  /** Absolute path of its module, for a dynamic import. */
  file: string;
  /** Which wrapper of lib/actions/safe-action.ts it goes through. */
  wrapper: "userAction" | "publicAction" | "none";
}

/** Every export of lib/actions/*.ts whose name ends in Action (DESIGN rule 9), but the wrappers themselves. */
export function actionsOnDisk(): ActionOnDisk[] {
  const directory = path.join(root, "lib/actions");
  return readdirSync(directory)
    .filter((file) => file.endsWith(".ts") && file !== "safe-action.ts")
    .flatMap((file) => {
      const source = readFileSync(path.join(directory, file), "utf8");
      return [...source.matchAll(/export\s+(?:const|(?:async\s+)?function)\s+(\w+Action)\b(\s*=\s*(userAction|publicAction)\()?/g)].map(
        (match): ActionOnDisk => ({
          name: match[1] ?? "",
          file: path.join(directory, file),
          wrapper: match[3] === "userAction" || match[3] === "publicAction" ? match[3] : "none",
        }),
      );
    });
}
