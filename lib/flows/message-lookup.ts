/**
 * A message picked by a key that is data rather than a literal the compiler knows (a look id
 * under `catalog.hairStyles`, a loading step of a tool), read from that part of the messages.
 * A key missing there falls back to `fallback` (for looks, the English catalogue name).
 */
export function messageFor(messages: Readonly<Record<string, string>>, key: string, fallback: string): string {
  return Object.hasOwn(messages, key) ? (messages[key] ?? fallback) : fallback;
}
