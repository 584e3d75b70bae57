import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { cn } from "@/lib/utils";

/**
 * `cn` (lib/utils.ts) joins class names without resolving Tailwind conflicts, which kept
 * tailwind-merge out of the pages' JS (issue 16). So no class it joins may be one that
 * tailwind-merge would drop: in every `cn(...)` call, and where a component joins its own
 * classes with a caller's `className`, for every caller that passes one. A condition's classes
 * (`on && "a"`, each branch of `on ? "a" : "b"`) are checked against the classes always there,
 * one condition at a time.
 */

const root = process.cwd();

function tsxFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".tsx"))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** The classes an expression always gives, and those it gives only under a condition. */
interface Classes {
  always: string[];
  conditional: string[][];
}

function classesOf(node: ts.Expression, constants: ReadonlyMap<string, string>): Classes {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return { always: [node.text], conditional: [] };
  if (ts.isIdentifier(node)) return { always: [constants.get(node.text) ?? ""], conditional: [] };
  if (ts.isTemplateExpression(node)) {
    const parts = node.templateSpans.map((span) => classesOf(span.expression, constants));
    return {
      always: [node.head.text, ...node.templateSpans.map((span) => span.literal.text), ...parts.flatMap((part) => part.always)],
      conditional: parts.flatMap((part) => part.conditional),
    };
  }
  if (ts.isParenthesizedExpression(node)) return classesOf(node.expression, constants);
  if (ts.isArrayLiteralExpression(node)) return joined(node.elements.map((element) => classesOf(element, constants)));
  if (ts.isConditionalExpression(node)) {
    return { always: [], conditional: [node.whenTrue, node.whenFalse].flatMap((branch) => alternatives(classesOf(branch, constants))) };
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
    return { always: [], conditional: alternatives(classesOf(node.right, constants)) };
  }
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "cn") {
    return joined(node.arguments.map((argument) => classesOf(argument, constants)));
  }
  // Anything else (cva variants, which are CSS component classes, or values from props).
  return { always: [], conditional: [] };
}

/** A condition's classes as the alternatives it gives: one list per condition inside it. */
function alternatives({ always, conditional }: Classes): string[][] {
  return conditional.length === 0 ? [always] : conditional.map((extra) => [...always, ...extra]);
}

function flatten(classes: Classes): string[] {
  return [...classes.always, ...classes.conditional.flat()];
}

function joined(parts: Classes[]): Classes {
  return { always: parts.flatMap((part) => part.always), conditional: parts.flatMap((part) => part.conditional) };
}

/** The classes tailwind-merge would drop from these, each condition's checked on its own. */
function dropped({ always, conditional }: Classes): string[] {
  return [[], ...conditional].flatMap((extra) => {
    const classes = cn(always, extra).split(" ").filter(Boolean);
    const kept = new Set(twMerge(classes).split(" "));
    return classes.filter((name) => !kept.has(name));
  });
}

interface Usage {
  where: string;
  component: string;
  classes: Classes;
}

function conflicts(): string[] {
  const found: string[] = [];
  /** Components that join their own classes with a `className` prop, by "file#name". */
  const ownClasses = new Map<string, Classes>();
  const usages: Usage[] = [];
  for (const file of [...tsxFiles("app"), ...tsxFiles("components")]) {
    const source = ts.createSourceFile(file, readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const constants = new Map<string, string>();
    const imports = new Map<string, string>();
    const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node, component: string | undefined) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const specifier = node.moduleSpecifier.text;
        const target = specifier.startsWith("@/") ? specifier.slice(2) : specifier.startsWith(".") ? path.join(path.dirname(file), specifier) : undefined;
        const named = node.importClause?.namedBindings;
        if (target && named && ts.isNamedImports(named)) for (const element of named.elements) imports.set(element.name.text, `${target}.tsx#${(element.propertyName ?? element.name).text}`);
      }
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        constants.set(node.name.text, flatten(classesOf(node.initializer, constants)).join(" "));
      }
      const name = ts.isFunctionDeclaration(node) && node.name ? node.name.text : component;
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "cn") {
        const own = node.arguments.filter((argument) => !(ts.isIdentifier(argument) && argument.text === "className"));
        const classes = joined(own.map((argument) => classesOf(argument, constants)));
        const lost = dropped(classes);
        if (lost.length > 0) found.push(`${where(node)}: ${lost.join(" ")}`);
        if (name && own.length < node.arguments.length) ownClasses.set(`${file}#${name}`, classes);
      }
      if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && ts.isIdentifier(node.tagName)) {
        const component = imports.get(node.tagName.text) ?? `${file}#${node.tagName.text}`;
        for (const attribute of node.attributes.properties) {
          if (!ts.isJsxAttribute(attribute) || attribute.name.getText() !== "className" || !attribute.initializer) continue;
          const value = ts.isJsxExpression(attribute.initializer) ? attribute.initializer.expression : attribute.initializer;
          if (value) usages.push({ where: where(node), component, classes: classesOf(value, constants) });
        }
      }
      ts.forEachChild(node, (child) => visit(child, name));
    };
    visit(source, undefined);
  }
  for (const usage of usages) {
    const own = ownClasses.get(usage.component);
    if (!own) continue;
    const lost = dropped(joined([own, usage.classes]));
    if (lost.length > 0) found.push(`${usage.where} (${usage.component}): ${lost.join(" ")}`);
  }
  return found;
}

describe("class names joined by cn", () => {
  it("never conflict, so joining them without tailwind-merge changes nothing", () => {
    expect(conflicts()).toEqual([]);
  });

  it("keeps every class, conflicting or not", () => {
    expect(cn("p-4", false, ["p-2", { hidden: true }])).toBe("p-4 p-2 hidden");
  });
});
