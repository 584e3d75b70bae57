import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

/*
 * Category labels as stored in the database (spec §3), with their badge colours. A plain
 * (not async) component, so server pages and client tiles both use it.
 */
const knownCategories = {
  "Headshot Pro": {
    key: "headshotPro",
    soft: "bg-violet-500/15 text-violet-700 dark:text-violet-300",
    solid: "bg-violet-600/90 text-white",
  },
  "AI Product": {
    key: "aiProduct",
    soft: "bg-sky-500/15 text-sky-700 dark:text-sky-300",
    solid: "bg-sky-600/90 text-white",
  },
  "Hair Changer": {
    key: "hairChanger",
    soft: "bg-pink-500/15 text-pink-700 dark:text-pink-300",
    solid: "bg-pink-600/90 text-white",
  },
  "Body Shaper": {
    key: "bodyShaper",
    soft: "bg-amber-500/15 text-amber-700 dark:text-amber-300",
    solid: "bg-amber-600/90 text-white",
  },
} as const;

type KnownCategory = keyof typeof knownCategories;
export type CategoryMessageKey = (typeof knownCategories)[KnownCategory]["key"];

function isKnownCategory(category: string): category is KnownCategory {
  return Object.hasOwn(knownCategories, category);
}

/** The key under `categories` of a stored label, or undefined for labels of no tool ("AI Tools"). */
export function categoryMessageKey(category: string): CategoryMessageKey | undefined {
  return isKnownCategory(category) ? knownCategories[category].key : undefined;
}

/** The label in the user's language; unknown labels are shown as stored. */
export function useCategoryLabel(): (category: string) => string {
  const t = useTranslations("categories");
  return (category) => {
    const key = categoryMessageKey(category);
    return key ? t(key) : category;
  };
}

/** `solid` reads well on top of a photo, `soft` on a plain surface. */
export function CategoryBadge({
  category,
  tone = "soft",
  className,
}: {
  category: string;
  tone?: "soft" | "solid";
  className?: string;
}) {
  const label = useCategoryLabel();
  if (!isKnownCategory(category)) {
    return (
      <Badge variant="secondary" className={className}>
        {category}
      </Badge>
    );
  }
  const known = knownCategories[category];
  return (
    <Badge data-category={known.key} className={cn("border-transparent", known[tone], className)}>
      {label(category)}
    </Badge>
  );
}
