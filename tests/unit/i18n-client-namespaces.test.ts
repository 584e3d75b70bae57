import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { otherAuthPages, signInActionErrors, signInFormMessages } from "@/components/auth/sign-in-messages";
import { routeClientNamespaces, routeOnDemandNamespaces, siteChromeNamespaces, type ClientNamespacesRoute } from "@/app/client-namespaces";
import { mergeMessages, omitMessages, pickMessages } from "@/lib/i18n/pick-messages";
import { locales } from "@/lib/i18n/config";
import { clientMessageUse, messageUseOf } from "../helpers/client-message-use";

const root = path.resolve(import.meta.dirname, "../..");
/** The route groups whose pages render in app/dynamic-root-layout.tsx. */
const dynamicGroups = ["app/(app)", "app/(auth)", "app/(marketing)"];
const routeFiles = /^(page|layout|error|not-found|loading|template)\.tsx$/;

function filesUnder(directory: string): string[] {
  return readdirSync(path.join(root, directory), { recursive: true, encoding: "utf8" })
    .filter((file) => routeFiles.test(path.basename(file)))
    .map((file) => path.join(directory, file));
}

const routes = Object.keys(routeClientNamespaces) as ClientNamespacesRoute[];
const onDemandLists: [string, readonly string[]][] = Object.entries(routeOnDemandNamespaces);
const onDemandOf = (route: string) => onDemandLists.find(([listed]) => listed === route)?.[1] ?? [];

/** What a route file's client components get: the chrome's, with its own or its nearest listed layout's added, and its on-demand ones. */
function namespacesFor(file: string): readonly string[] {
  const key = file.replace(/^app\//, "").replace(/\.tsx$/, "");
  const wrapping = routes
    .filter((route) => route === key || (route.endsWith("/layout") && key.startsWith(route.slice(0, -"layout".length))))
    .sort((a, b) => b.length - a.length)[0];
  return [...siteChromeNamespaces, ...(wrapping ? routeClientNamespaces[wrapping] : []), ...onDemandOf(key)];
}

/** `namespace` is `within` or part of it. */
const isWithin = (namespace: string, within: string) => namespace === within || namespace.startsWith(`${within}.`);

/**
 * A read whose key comes from elsewhere: `t(result.error)` shows a server action's failure, an
 * ActionErrorKey (lib/actions/safe-action.ts); <AddedMessages> reads all of useMessages() only
 * to hand it on with a page's own added. Any other kind must be taught here first.
 */
function pathsOfDynamicRead(file: string, read: string): string[] | undefined {
  if (file === "components/i18n/added-messages.tsx" && read === "useMessages()") return [];
  return /^\w+\(\w+\.error$/.test(read) ? ["errors", "auth.errors"] : undefined;
}

function missingNamespaces(entry: string, sent: readonly string[]): string[] {
  const covered = (needed: string) => sent.some((namespace) => isWithin(needed, namespace));
  const missing: string[] = [];
  for (const [file, use] of clientMessageUse(entry)) {
    const dynamic = use.dynamic.map((read) => pathsOfDynamicRead(file, read) ?? [`<unknown read ${read}>`]);
    for (const needed of [...use.paths, ...dynamic.flat()]) if (!covered(needed)) missing.push(`${file}: ${needed}`);
  }
  return missing;
}

describe("client messages of per-request pages", () => {
  const entries = ["app/dynamic-root-layout.tsx", "app/global-not-found.tsx", ...dynamicGroups.flatMap(filesUnder)];

  it.each(entries)("%s: its client components get every message they read", (entry) => {
    expect(missingNamespaces(entry, namespacesFor(entry))).toEqual([]);
  });

  it.each([...Object.entries(routeClientNamespaces), ...onDemandLists])("%s lists no namespace the chrome sends whole", (_, list) => {
    const repeated = list.filter((namespace) => siteChromeNamespaces.some((chrome) => isWithin(namespace, chrome)));
    expect(repeated).toEqual([]);
  });

  it.each(routes)("%s hands its list to <ClientMessages>", (route) => {
    expect(readFileSync(path.join(root, "app", `${route}.tsx`), "utf8")).toContain(`routeClientNamespaces["${route}"]`);
  });

  it.each(onDemandLists)("%s hands its on-demand list to a <ClientMessages> of its own, not with every request", (route, list) => {
    expect(readFileSync(path.join(root, "app", `${route}.tsx`), "utf8")).toContain(`routeOnDemandNamespaces["${route}"]`);
    const always = namespacesFor(`app/${route}.tsx`).slice(0, -list.length);
    expect(list.filter((namespace) => always.some((sent) => isWithin(namespace, sent)))).toEqual([]);
  });

  it.each(locales)("lists only namespaces the %s catalogue has", async (locale) => {
    const { default: messages } = await import(`@/messages/${locale}.json`);
    for (const list of [siteChromeNamespaces, ...Object.values(routeClientNamespaces), ...onDemandLists.map(([, onDemand]) => onDemand)]) {
      expect(() => pickMessages(messages, list)).not.toThrow();
    }
  });
});

describe("client messages of the sign-in page", () => {
  it("its forms read no text of the other auth pages, which it leaves out", () => {
    const read = [...clientMessageUse("components/auth/sign-in-page.tsx").values()].flatMap((use) => use.paths);
    const leftOut = otherAuthPages.map((page) => `auth.${page}`);
    expect(read).toContain("auth.signInSubmit");
    expect(read.filter((path) => path === "auth" || leftOut.some((page) => path === page || path.startsWith(`${page}.`)))).toEqual([]);
  });

  it("sends the forms' texts and the general errors of its actions without the other auth pages' texts", async () => {
    const { default: messages } = await import("@/messages/en.json");
    const sent = signInFormMessages(messages);
    expect(Object.keys(sent.auth)).toContain("signInSubmit");
    expect(Object.keys(sent.auth)).not.toContain("forgotPassword");
    expect(sent.errors).toEqual({ invalidInput: messages.errors.invalidInput, unexpected: messages.errors.unexpected });
    expect(Object.keys(sent.auth).length).toBe(Object.keys(messages.auth).length - otherAuthPages.length);
  });

  it("sends every general error its actions can answer with: their own refusals are all under auth.errors", () => {
    const source = (file: string) => readFileSync(path.join(root, file), "utf8");
    const generalErrors = (file: string) => [...source(file).matchAll(/"errors\.(\w+)"/g)].map(([, key]) => key);
    const pageActions = ["sign-in", "credentials-sign-in", "sign-up", "request-sign-in-link", "resend-confirmation"];
    for (const action of pageActions) expect(generalErrors(`lib/actions/${action}.ts`), action).toEqual([]);
    expect(source("lib/auth/failure-messages.ts")).not.toMatch(/"errors\./);
    // safe-action.ts's own: those of publicAction, and userAction's refusal of a visitor.
    expect(generalErrors("lib/actions/safe-action.ts").sort()).toEqual([...signInActionErrors, "unauthenticated"].sort());
    const forms = ["sign-in-form", "sign-up-form", "check-email-notice"];
    const imported = forms.flatMap((form) => [...source(`components/auth/${form}.tsx`).matchAll(/from "@\/lib\/actions\/([\w-]+)"/g)].map(([, file]) => file));
    expect(imported).toContain("sign-up");
    for (const file of imported) expect([...pageActions, "safe-action"], file).toContain(file);
  });
});

describe("the message-use walker", () => {
  it("finds keys of namespaced and root translators, useMessages and reads it cannot resolve", () => {
    const source = `
      const t = useTranslations("results");
      const tRoot = useTranslations();
      t("open"); t.rich("hint"); t(\`badge.\${kind}\`);
      tRoot("header.signIn"); tRoot(\`language.names.\${code}\`); tRoot(result.error);
      const names = useMessages().catalog.genders;
      format(t);`;
    expect(messageUseOf(source)).toEqual({
      paths: ["results.open", "results.hint", "results.badge", "results", "header.signIn", "language.names", "catalog.genders"],
      dynamic: ["tRoot(result.error"],
    });
  });

  it("takes a translator in a hook's dependencies, or a later one of the same name, for no read", () => {
    const source = `
      const t = useTranslations("auth");
      useEffect(() => { t("google"); }, [error, t]);
      const t = useTranslations("results");
      t("open");`;
    expect(messageUseOf(source).paths).toEqual(["auth.google", "results.open"]);
    expect(messageUseOf(`const t = useTranslations("auth"); render(t);`).paths).toEqual(["auth"]);
  });

  it("finds a client component that reads a namespace the dashboard's list leaves out", () => {
    const missing = missingNamespaces("app/(app)/dashboard/page.tsx", ["results"]);
    expect(missing).toContain("components/results/lightbox.tsx: lightbox.close");
  });
});

describe("pickMessages", () => {
  it("keeps the catalogue's nesting and only the namespaces asked for", () => {
    const catalogue = { a: { b: "1", c: { d: "2" } }, e: { f: "3" }, g: "4" };
    expect(pickMessages(catalogue, ["a.c.d", "g", "a.b"])).toEqual({ a: { c: { d: "2" }, b: "1" }, g: "4" });
  });

  it("throws on a namespace the catalogue lacks", () => {
    expect(() => pickMessages({ a: { b: "1" } }, ["a.x"])).toThrow('No messages under "a.x"');
  });
});

describe("a page's messages added to the chrome's", () => {
  const catalogue = { a: { b: "1", c: { d: "2", e: "3" } }, f: { g: "4" }, h: "5" };

  it("leaves out the namespaces the chrome sends, dropping branches left empty", () => {
    expect(omitMessages(catalogue, ["a.c.d", "f.g", "h", "x.y"])).toEqual({ a: { b: "1", c: { e: "3" } } });
    expect(catalogue.a.c).toEqual({ d: "2", e: "3" });
  });

  it("merges them back into the whole of what both send", () => {
    const chrome = pickMessages(catalogue, ["a.c.d", "h"]);
    const added = omitMessages(pickMessages(catalogue, ["a", "f"]), ["a.c.d", "h"]);
    expect(mergeMessages(chrome, added)).toEqual(catalogue);
  });
});
