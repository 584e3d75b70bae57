import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { IncomingMessage } from "node:http";
import { Socket } from "node:net";

/**
 * The visitor's address, for per-address limits. Next.js keeps a client-sent X-Forwarded-For and
 * only fills it in when it is missing, and gives pages, actions and the proxy no access to the
 * connection, so a client could name any address it liked. Instead the server writes the address
 * into its own request header the moment a request arrives (before Next.js sees it), replacing
 * whatever the client sent under that name: the connection's address, or, behind
 * TRUSTED_PROXY_HOPS proxies, the X-Forwarded-For entry the outermost trusted proxy added.
 */

const requestStartChannel = "http.server.request.start";

/** Request header with the address the server decided on; never taken from the client. */
export const clientAddressHeader = "x-client-address";

function normalise(address: string): string | undefined {
  const trimmed = address.trim().replace(/^\[(.*)\]$/, "$1");
  const unmapped = trimmed.toLowerCase().startsWith("::ffff:") && trimmed.includes(".") ? trimmed.slice(7) : trimmed;
  return unmapped ? unmapped.slice(0, 64) : undefined;
}

/**
 * Each trusted proxy appends the address it received the request from, so with `trustedHops`
 * proxies the entry that many places from the right is the client as the outermost one saw it;
 * everything left of it was written by the client. With no trusted proxy, only the connection counts.
 */
export function resolveClientAddress(request: {
  connectionAddress: string | undefined;
  forwardedFor: string | string[] | undefined;
  trustedHops: number;
}): string | undefined {
  const connection = request.connectionAddress ? normalise(request.connectionAddress) : undefined;
  if (request.trustedHops === 0) return connection;
  const forwardedFor = Array.isArray(request.forwardedFor) ? request.forwardedFor.join(",") : (request.forwardedFor ?? "");
  const entries = forwardedFor.split(",").flatMap((entry) => normalise(entry) ?? []);
  // Fewer entries than proxies: the request skipped some of them; the left-most is the furthest known.
  const entry = entries.length >= request.trustedHops ? entries[entries.length - request.trustedHops] : entries[0];
  return entry ?? connection;
}

/** The address lib/auth's limits count, from a request's headers. */
export function clientAddress(headers: Headers): string | undefined {
  return headers.get(clientAddressHeader) || undefined;
}

/**
 * Writes the client-address header into every request this process's HTTP servers receive,
 * through Node's `http.server.request.start` diagnostics channel, which runs before the request
 * reaches Next.js. Called once when the server starts (lib/startup/start-node-server.ts);
 * returns the function that stops it.
 */
export function installClientAddressHeader(trustedHops: number): () => void {
  const onRequestStart = (message: unknown) => {
    if (typeof message !== "object" || message === null || !("request" in message) || !("socket" in message)) return;
    const { request, socket } = message;
    if (!(request instanceof IncomingMessage) || !(socket instanceof Socket)) return;
    const address = resolveClientAddress({
      connectionAddress: socket.remoteAddress,
      forwardedFor: request.headers["x-forwarded-for"],
      trustedHops,
    });
    if (address) request.headers[clientAddressHeader] = address;
    else delete request.headers[clientAddressHeader];
  };
  subscribe(requestStartChannel, onRequestStart);
  return () => unsubscribe(requestStartChannel, onRequestStart);
}
