import "server-only";
import { unstable_cache } from "next/cache";
import { getDb } from "@/db";
import { listActiveExamples, type ExampleListItem } from "@/db/queries/examples";

/**
 * The examples gallery's rows, read once and shared by every page that shows them (the
 * prerendered home pages of all languages, the dashboard) instead of a query per request.
 * Examples are only written outside a request (server start's seeding, the db:seed script, a
 * database console), where Next.js cannot revalidate a tag, so the read and the home pages built
 * from it expire after examplesMaxAgeSeconds; code that writes examples in a request calls
 * revalidateTag(examplesCacheTag, { expire: 0 }).
 */
export const examplesCacheTag = "examples";
export const examplesMaxAgeSeconds = 300;

const readCachedExamples = unstable_cache(async () => listActiveExamples(getDb()), ["active-examples"], {
  tags: [examplesCacheTag],
  revalidate: examplesMaxAgeSeconds,
});

/** Active examples in gallery order; [] (and a log line) when the database cannot answer, which is not cached. */
export async function getActiveExamples(): Promise<ExampleListItem[]> {
  try {
    return await readCachedExamples();
  } catch (error) {
    // Spec §8: a failure to load examples is only logged; the gallery shows its empty state.
    console.error("Failed to load examples", error);
    return [];
  }
}

