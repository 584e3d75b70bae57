/**
 * `npm run billing:refresh`: gives yearly (and test-checkout) plans whose new month of the plan
 * has begun their monthly credits back, once. Servers do the same on a timer
 * (BILLING_REFRESH_INTERVAL_MINUTES); this is for cron or a one-off catch-up. With PGlite, stop
 * the dev server first: PGlite allows one process per folder.
 */
import { openDatabase } from "@/db/client";
import { refreshDueAllowances } from "@/lib/billing/allowance-refresh";
import { env } from "@/lib/env";

async function main() {
  const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }, { max: 2 });
  try {
    const { refreshed } = await refreshDueAllowances(database.db);
    console.info(`Monthly allowances refreshed: ${refreshed}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
