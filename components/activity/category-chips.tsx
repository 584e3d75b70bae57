import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCategoryLabel } from "@/components/generation/category-badge";
import { activityCategorySlugs, activityHref, categoryOfSlug, type ActivityCategorySlug } from "@/lib/activity/activity-query";

/**
 * Spec §2 /activity filter chips: All and the four tools, filtering on the server (?category=).
 * They wrap onto a second line on narrow screens rather than scroll out of sight (issue 19).
 */
export function CategoryChips({ active }: { active: ActivityCategorySlug | undefined }) {
  const t = useTranslations("activity");
  const categoryLabel = useCategoryLabel();
  const chips = [
    { slug: undefined, label: t("all"), testId: "category-chip-all" },
    ...activityCategorySlugs.map((slug) => ({ slug, label: categoryLabel(categoryOfSlug(slug)), testId: `category-chip-${slug}` })),
  ];

  return (
    <nav aria-label={t("filtersLabel")}>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => {
          const current = chip.slug === active;
          return (
            <li key={chip.testId}>
              <Link
                href={activityHref({ categorySlug: chip.slug })}
                aria-current={current ? "page" : undefined}
                data-testid={chip.testId}
                scroll={false}
                className="category-chip"
              >
                {chip.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
