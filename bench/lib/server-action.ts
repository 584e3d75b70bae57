import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { env } from "@/lib/env";

/**
 * Calling a server action over HTTP the way the browser's fetch does: a POST to a page that
 * uses the action, with the action's build-specific id in the Next-Action header and the
 * arguments encoded by React as the body.
 */

const manifestSchema = z.object({
  node: z.record(z.string(), z.object({ exportedName: z.string().optional(), filename: z.string().optional() })),
});

/** The id the build gave the action `exportedName` of `filename` (e.g. lib/actions/create-generation.ts). */
export function serverActionId(filename: string, exportedName: string): string {
  const file = path.join(env.NEXT_DIST_DIR, "server", "server-reference-manifest.json");
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(file, "utf8")));
  const found = Object.entries(manifest.node).find(
    ([, action]) => action.filename === filename && action.exportedName === exportedName,
  );
  if (!found) throw new Error(`${exportedName} of ${filename} is not in ${file}`);
  return found[0];
}

/** The request for one call; the caller's cookie makes it a signed-in call. */
export function serverActionRequest(
  baseUrl: string,
  actionId: string,
  args: readonly unknown[],
  cookie: string,
): { method: "POST"; headers: Record<string, string>; body: string } {
  return {
    method: "POST",
    headers: {
      Accept: "text/x-component",
      "Content-Type": "text/plain;charset=UTF-8",
      "Next-Action": actionId,
      Origin: baseUrl,
      "Sec-Fetch-Site": "same-origin",
      Cookie: cookie,
    },
    // React's encodeReply sends arguments without files or special values as plain JSON (it
    // would only escape strings starting with "$", which the bench's arguments never have).
    body: JSON.stringify(args),
  };
}
