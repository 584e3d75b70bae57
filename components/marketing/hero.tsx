import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { SpriteIcon } from "@/components/layout/sprite-icon";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { HeroGlow } from "./hero-glow";
import { RotatingWord } from "./rotating-word";

/** The home page's hero; only visitors see it (signed-in users go to the dashboard). */
export async function Hero() {
  const t = await getTranslations("home.hero");
  const words = [t("wordGenerate"), t("wordEdit"), t("wordFix")];
  const cta = { href: "/auth?mode=signup", label: t("ctaSignedOut") };

  return (
    <section className="relative isolate overflow-hidden">
      <HeroGlow />
      <div className="hero-body">
        <Badge variant="outline" className="hero-badge gap-1.5">
          <SpriteIcon name="sparkles" className="text-primary" />
          {t("badge")}
        </Badge>
        <h1 className="hero-title">
          <span className="sr-only">{t("titleAccessible")}</span>
          <span aria-hidden="true">{t.rich("title", { word: () => <RotatingWord words={words} /> })}</span>
        </h1>
        <p className="hero-subtitle">{t("subtitle")}</p>
        <div className="hero-actions">
          <Button asChild variant="brand" size="lg" className="w-full sm:w-auto" data-testid="hero-cta" data-analytics-button="get-started" data-analytics-location="home-hero">
            <Link href={cta.href}>
              {cta.label}
              <SpriteIcon name="arrow-right" className="rtl:rotate-180" />
            </Link>
          </Button>
          <Button asChild variant="outline" size="lg" className="w-full sm:w-auto">
            <Link href="/#examples">{t("secondaryCta")}</Link>
          </Button>
        </div>
        <ul className="hero-claims">
          <li className="flex items-center gap-2">
            <SpriteIcon name="users" className="size-4 text-primary" />
            <span data-testid="creators-claim">{t("creators", { count: 12300 })}</span>
          </li>
          <li className="flex items-center gap-2">
            <SpriteIcon name="gift" className="size-4 text-primary" />
            {t("freeCredits")}
          </li>
        </ul>
      </div>
    </section>
  );
}
