/**
 * A namespace as next-intl names one: a top-level key of the catalogue ("results") or a path
 * into it ("results.toasts", "privacy.menuItem"). A page's client messages are a list of them.
 */
export type ClientNamespace = string;

export type MessageTree = { [key: string]: unknown };

const isTree = (value: unknown): value is MessageTree => typeof value === "object" && value !== null && !Array.isArray(value);

function pickPath(source: unknown, target: MessageTree, keys: readonly string[], namespace: string): void {
  const [key, ...rest] = keys;
  if (key === undefined || !isTree(source) || !(key in source)) throw new Error(`No messages under "${namespace}"`);
  if (rest.length === 0) {
    target[key] = source[key];
    return;
  }
  const branch = target[key];
  const next: MessageTree = isTree(branch) ? branch : {};
  target[key] = next;
  pickPath(source[key], next, rest, namespace);
}

/**
 * The part of `messages` under the given namespaces, nested as in the catalogue, for a
 * NextIntlClientProvider: every page's HTML carries its client messages, and the whole
 * catalogue is about 46 KB. Throws on a namespace the catalogue lacks (a typo would hide texts).
 */
export function pickMessages(messages: MessageTree, namespaces: readonly ClientNamespace[]): MessageTree {
  const picked: MessageTree = {};
  for (const namespace of namespaces) pickPath(messages, picked, namespace.split("."), namespace);
  return picked;
}

function omitPath(tree: MessageTree, [key, ...rest]: readonly string[]): MessageTree {
  if (key === undefined || !(key in tree)) return tree;
  const { [key]: branch, ...others } = tree;
  if (rest.length === 0) return others;
  if (!isTree(branch)) return tree;
  const trimmed = omitPath(branch, rest);
  return Object.keys(trimmed).length > 0 ? { ...others, [key]: trimmed } : others;
}

/** `messages` without the given namespaces; the branches it leaves are shared, not copied. */
export function omitMessages(messages: MessageTree, namespaces: readonly ClientNamespace[]): MessageTree {
  return namespaces.reduce((tree, namespace) => omitPath(tree, namespace.split(".")), messages);
}

/** The messages of both trees, those of `added` winning where both have a text. */
export function mergeMessages(base: MessageTree, added: MessageTree): MessageTree {
  const merged: MessageTree = { ...base };
  for (const [key, value] of Object.entries(added)) {
    const current = merged[key];
    merged[key] = isTree(current) && isTree(value) ? mergeMessages(current, value) : value;
  }
  return merged;
}
