/**
 * The fingerprints open tabs poll to stay current (account, activity; see fingerprint-response.ts).
 * A visitor whose session ended gets `signedOutFingerprint`; a tab that reads it stops polling
 * (refreshing then would race the sign-out's own navigation), and its next step goes to sign in.
 */
export const signedOutFingerprint = "signed-out";

export type FingerprintReading = { signedOut: true } | { signedOut: false; fingerprint: string } | undefined;

/** One poll; undefined when the answer could not be read (offline, server busy): try again later. */
export async function readLiveFingerprint(url: string, signal: AbortSignal): Promise<FingerprintReading> {
  try {
    const response = await fetch(url, { cache: "no-store", signal });
    if (!response.ok) return undefined;
    const body: { fingerprint?: unknown } = await response.json();
    if (typeof body.fingerprint !== "string") return undefined;
    return body.fingerprint === signedOutFingerprint ? { signedOut: true } : { signedOut: false, fingerprint: body.fingerprint };
  } catch {
    return undefined;
  }
}
