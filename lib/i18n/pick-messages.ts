/**
 * A namespace as next-intl names one: a top-level key of the catalogue ("results") or a path
 * into it ("results.toasts", "privacy.menuItem"). A page's client messages are a list of them.
 */
export type ClientNamespace = string;

type MessageTree = { [key: string]: unknown };

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
