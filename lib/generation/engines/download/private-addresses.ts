import { BlockList, isIPv4, isIPv6 } from "node:net";

/**
 * Addresses an engine's image URL may not point at: loopback, private and link-local networks,
 * cloud metadata (169.254.169.254), carrier-grade NAT, multicast and reserved ranges. Without
 * this, a compromised or careless image service could make the server fetch its own admin
 * endpoints (server-side request forgery).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address inside an IPv4-mapped or NAT64 IPv6 address (::ffff:a.b.c.d, 64:ff9b::a.b.c.d). */
function embeddedIPv4(address: string): string | undefined {
  const match = /^(?:::ffff:|64:ff9b::)(.+)$/i.exec(address);
  if (!match?.[1]) return undefined;
  const tail = match[1];
  if (isIPv4(tail)) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!hex?.[1] || !hex[2]) return undefined;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** True for an address that is not a public unicast address (or not an address at all). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").split("%")[0] ?? "";
  if (isIPv4(bare)) return blocked.check(bare, "ipv4");
  if (isIPv6(bare)) {
    const mapped = embeddedIPv4(bare);
    return mapped ? blocked.check(mapped, "ipv4") : blocked.check(bare, "ipv6");
  }
  return true;
}
