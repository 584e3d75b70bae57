import Link from "next/link";
import { ArrowRight } from "@/components/icons/arrow-right";
import { Dumbbell } from "@/components/icons/dumbbell";
import { Package } from "@/components/icons/package";
import { Scissors } from "@/components/icons/scissors";
import { UserRound } from "@/components/icons/user-round";
import type { LucideIcon } from "@/components/icons/render-icon";
import { getTranslations } from "next-intl/server";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

type ToolKey = "headshotPro" | "aiProduct" | "hairChanger" | "bodyShaper";

/* Entry points of the four tools (spec §2 home). The tool catalogue itself lives with the flows. */
const tools: ReadonlyArray<{ key: ToolKey; href: string; icon: LucideIcon; tint: string }> = [
  { key: "headshotPro", href: "/headshot-pro/step1", icon: UserRound, tint: "from-violet-500 to-indigo-500" },
  { key: "aiProduct", href: "/ai-product/step1", icon: Package, tint: "from-sky-500 to-cyan-500" },
  { key: "hairChanger", href: "/hair-changer/step1", icon: Scissors, tint: "from-pink-500 to-rose-500" },
  { key: "bodyShaper", href: "/body-shaper/step1", icon: Dumbbell, tint: "from-amber-500 to-orange-500" },
];

export async function ToolCards() {
  const t = await getTranslations("tools");

  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {tools.map(({ key, href, icon: Icon, tint }) => (
        <li key={key}>
          <Link
            href={href}
            data-testid="tool-card"
            className="group tool-card-link"
          >
            <Card className="tool-card">
              <CardHeader className="gap-4">
                <span className={`tool-card-icon ${tint}`}>
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <CardTitle className="text-lg">{t(`${key}.name`)}</CardTitle>
                <CardDescription>{t(`${key}.description`)}</CardDescription>
              </CardHeader>
              <CardContent className="mt-auto">
                <span className="tool-card-cta">
                  {t("tryIt")}
                  <ArrowRight className="tool-card-arrow" aria-hidden="true" />
                </span>
              </CardContent>
            </Card>
          </Link>
        </li>
      ))}
    </ul>
  );
}
