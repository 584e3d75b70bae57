import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Which messages a route's browser code can read: walks the imports from a page or layout file,
 * and in every module that runs in the browser ("use client" and what it imports) collects the
 * message paths its translators and useMessages() reach. Over-approximates on purpose (every
 * import counts, rendered or not): a page sent these paths can never miss a text.
 */

const root = path.resolve(import.meta.dirname, "../..");

export interface MessageUse {
  /** Message paths (namespace.key…) the module reads; a namespace alone means all of it. */
  paths: string[];
  /** Reads whose key the module computes at run time from outside, e.g. t(result.error). */
  dynamic: string[];
}

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`]) {
    if (existsSync(candidate) && statSync(candidate).isFile() && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

const importPattern = /(?:import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const directive = (source: string, name: string) => new RegExp(`^\\s*["']use ${name}["']`).test(source);

/** The path a key expression names: a literal key whole, a template key up to its first `${`. */
function keyPath(argument: string): { path: string } | { dynamic: string } {
  const literal = /^(["'])([^"'`]*)\1/.exec(argument);
  if (literal) return { path: literal[2] ?? "" };
  const template = /^`([^`$]*)(\$\{)?/.exec(argument);
  if (template) {
    const text = template[1] ?? "";
    return { path: template[2] ? text.slice(0, Math.max(0, text.lastIndexOf("."))) : text };
  }
  return { dynamic: argument.split(/[,)]/, 1)[0]?.trim() ?? "" };
}

/** A name that is one of the identifiers closing a call's last argument: `[error, mode, t])`. */
const dependencyListEnd = /^\w+\s*(?:,\s*\w+\s*)*\]\s*\)/;

const join = (namespace: string, key: string) => [namespace, key].filter(Boolean).join(".");

export function messageUseOf(source: string): MessageUse {
  const use: MessageUse = { paths: [], dynamic: [] };
  for (const match of source.matchAll(/(?:const|let)\s+(\w+)\s*=\s*useTranslations\(\s*([^)]*?)\s*\)/g)) {
    const [, name = "", argument = ""] = match;
    const namespaceKey = argument === "" ? { path: "" } : keyPath(argument);
    if ("dynamic" in namespaceKey) {
      use.dynamic.push(`useTranslations(${namespaceKey.dynamic})`);
      continue;
    }
    const namespace = namespaceKey.path;
    // Every later use of the translator up to the next one of that name: a call with its key, or
    // handed on (then all of it). A hook's list of dependencies reads no message.
    const rest = source.slice((match.index ?? 0) + match[0].length);
    const redeclared = rest.search(new RegExp(`(?:const|let)\\s+${name}\\s*=`));
    const after = redeclared === -1 ? rest : rest.slice(0, redeclared);
    for (const call of after.matchAll(new RegExp(`(?<![\\w.])${name}\\b(\\.(?:rich|markup|raw|has))?(\\()?\\s*`, "g"))) {
      if (!call[2] && dependencyListEnd.test(after.slice(call.index ?? 0))) continue;
      const key = call[2] ? keyPath(after.slice((call.index ?? 0) + call[0].length)) : { dynamic: `${name} passed on` };
      if ("path" in key) use.paths.push(join(namespace, key.path));
      else if (namespace) use.paths.push(namespace);
      else use.dynamic.push(`${name}(${key.dynamic}`);
    }
  }
  for (const match of source.matchAll(/useMessages\(\)((?:\.\w+)*)/g)) {
    const chain = (match[1] ?? "").slice(1);
    if (chain) use.paths.push(chain);
    else use.dynamic.push("useMessages()");
  }
  return use;
}

/** The browser modules reachable from `entry` (relative to the project), with their message use. */
export function clientMessageUse(entry: string): Map<string, MessageUse> {
  const uses = new Map<string, MessageUse>();
  const visited = new Set<string>();
  const visit = (file: string, inBrowser: boolean) => {
    const source = readFileSync(file, "utf8");
    // A server action imported by browser code is a reference to the server, not browser code.
    if (inBrowser && directive(source, "server")) return;
    const browser = inBrowser || directive(source, "client");
    const visitKey = `${file}:${browser}`;
    if (visited.has(visitKey)) return;
    visited.add(visitKey);
    if (browser) uses.set(path.relative(root, file), messageUseOf(source));
    for (const match of source.matchAll(importPattern)) {
      if (match[1]) continue;
      const target = resolveImport(file, match[2] ?? match[3] ?? "");
      if (target) visit(target, browser);
    }
  };
  visit(path.join(root, entry), false);
  return uses;
}
