import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

/* Category labels as stored in the database (spec §3), with their badge colours. */
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

function isKnownCategory(category: string): category is keyof typeof knownCategories {
  return Object.hasOwn(knownCategories, category);
}

/** `solid` reads well on top of a photo, `soft` on a plain surface. */
export async function CategoryBadge({
  category,
  tone = "soft",
  className,
}: {
  category: string;
  tone?: "soft" | "solid";
  className?: string;
}) {
  const t = await getTranslations("categories");
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
      {t(known.key)}
    </Badge>
  );
}
