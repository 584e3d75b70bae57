import { z } from "zod";
import { findToolBySlug } from "@/lib/generation/tool-catalog";

/**
 * The filters and paging of /activity as they appear in its address (spec §2): ?category= one
 * of the tools' slugs, ?page= from 1, ?focus=latest and the payment return's ?session_id=.
 * Anything unknown falls back to the default rather than failing the page.
 */

/** Chips in the order of spec §9 "Activity filter categories". */
export const activityCategorySlugs = ["headshot-pro", "hair-changer", "body-shaper", "ai-product"] as const;
export type ActivityCategorySlug = (typeof activityCategorySlugs)[number];

export const activityPageSize = 20;
/** In-progress work is listed in full up to this many; nobody has more running at once. */
export const inProgressLimit = 50;
const maxPage = 500;

const single = (value: unknown) => (Array.isArray(value) ? value[0] : value);

const activityQuerySchema = z.object({
  category: z.preprocess(single, z.enum(activityCategorySlugs).optional()).catch(undefined),
  page: z.preprocess(single, z.coerce.number().int().min(1).max(maxPage)).catch(1),
  focus: z.preprocess(single, z.literal("latest").optional()).catch(undefined),
  session_id: z.preprocess(single, z.string().max(300).optional()).catch(undefined),
});

export interface ActivityQuery {
  categorySlug: ActivityCategorySlug | undefined;
  /** The stored category label the list is filtered by, e.g. "Hair Changer". */
  category: string | undefined;
  page: number;
  focusLatest: boolean;
  sessionId: string | undefined;
}

export function parseActivityQuery(searchParams: Record<string, string | string[] | undefined>): ActivityQuery {
  const parsed = activityQuerySchema.parse(searchParams);
  return {
    categorySlug: parsed.category,
    category: parsed.category ? categoryOfSlug(parsed.category) : undefined,
    page: parsed.page,
    focusLatest: parsed.focus === "latest",
    sessionId: parsed.session_id,
  };
}

/** The address of /activity with a filter and a page; the first page and "All" stay implicit. */
export function activityHref(options: { categorySlug?: ActivityCategorySlug; page?: number }): string {
  const params = new URLSearchParams();
  if (options.categorySlug) params.set("category", options.categorySlug);
  if (options.page && options.page > 1) params.set("page", String(options.page));
  const query = params.toString();
  return query ? `/activity?${query}` : "/activity";
}

/** The stored category label a chip filters by ("Hair Changer"). */
export function categoryOfSlug(slug: ActivityCategorySlug): string {
  return findToolBySlug(slug)?.category ?? slug;
}
