import "server-only";
import { headers } from "next/headers";
import { nonceHeader } from "./content-security-policy";

/** This request's script nonce, for inline scripts Next.js does not render itself (the theme and consent pre-paint scripts). */
export async function requestNonce(): Promise<string | undefined> {
  return (await headers()).get(nonceHeader) ?? undefined;
}
