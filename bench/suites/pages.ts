import { env } from "@/lib/env";
import { blankAppDistDir } from "../lib/blank-next-app";
import { firstLoadJsByRoute } from "../lib/first-load-js";
import { ensureBuild } from "../lib/server";
import { firstLoadJsKey } from "../lib/targets";
import type { BenchRow, BenchSuite } from "../lib/types";

/**
 * First-load JS (issues #2 and #16) of every page route, read from the build's manifests
 * (bench/lib/first-load-js.ts), beside the blank Next.js page built in the same run. Issue #16:
 * every route at most 1.3× the blank page; issue #2: `/` at most 180 KB. The pages' requests per
 * second are in the load suite.
 */
const kilobytes = (bytes: number) => Math.round(bytes / 102.4) / 10;

export const pagesSuite: BenchSuite = {
  id: "pages",
  name: "Pages",
  issue: "#16",
  async run() {
    ensureBuild();
    const blankBytes = firstLoadJsByRoute(blankAppDistDir()).get("/");
    if (blankBytes === undefined) throw new Error("the blank app's build has no / route");
    const baseline = { name: "blank Next.js page", value: kilobytes(blankBytes) };
    const routes = [...firstLoadJsByRoute(env.NEXT_DIST_DIR)].sort(([a], [b]) => a.localeCompare(b));
    const rootKb = kilobytes(routes.find(([route]) => route === "/")?.[1] ?? Number.NaN);
    return [
      { key: firstLoadJsKey("/ (issue #2)"), name: "/ first-load JS (gzip), issue #2's bound", value: rootKb, unit: "KB", issue: "#2" },
      ...routes.map(([route, bytes]): BenchRow => ({ key: firstLoadJsKey(route), name: `${route} first-load JS (gzip)`, value: kilobytes(bytes), unit: "KB", baseline })),
    ];
  },
};
