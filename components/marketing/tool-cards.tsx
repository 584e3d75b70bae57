import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { SpriteIconName } from "@/components/layout/icon-sprite-shapes";
import { SpriteIcon } from "@/components/layout/sprite-icon";

type ToolKey = "headshotPro" | "aiProduct" | "hairChanger" | "bodyShaper";

/* Entry points of the four tools (spec §2 home). The tool catalogue itself lives with the flows. */
const tools: ReadonlyArray<{ key: ToolKey; href: string; icon: SpriteIconName; tint: string }> = [
  { key: "headshotPro", href: "/headshot-pro/step1", icon: "user-round", tint: "from-violet-500 to-indigo-500" },
  { key: "aiProduct", href: "/ai-product/step1", icon: "package", tint: "from-sky-500 to-cyan-500" },
  { key: "hairChanger", href: "/hair-changer/step1", icon: "scissors", tint: "from-pink-500 to-rose-500" },
  { key: "bodyShaper", href: "/body-shaper/step1", icon: "dumbbell", tint: "from-amber-500 to-orange-500" },
];

export async function ToolCards() {
  const t = await getTranslations("tools");

  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {tools.map(({ key, href, icon, tint }) => (
        <li key={key}>
          {/* A card of one element a line (tool-card, globals.css): the card primitives' nested
              wrappers were a kilobyte of each page that lists the tools (issue 16). */}
          <Link href={href} data-testid="tool-card" className="group tool-card">
            <span className={`tool-card-icon ${tint}`}>
              <SpriteIcon name={icon} className="size-5" />
            </span>
            <span className="tool-card-name">{t(`${key}.name`)}</span>
            <span className="tool-card-description">{t(`${key}.description`)}</span>
            <span className="tool-card-footer">
              <span className="tool-card-cta">
                {t("tryIt")}
                <SpriteIcon name="arrow-right" className="tool-card-arrow" />
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
