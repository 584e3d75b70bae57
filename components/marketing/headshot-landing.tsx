import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { SpriteIconName } from "@/components/layout/icon-sprite-shapes";
import { SpriteIcon } from "@/components/layout/sprite-icon";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Locale } from "@/lib/i18n/config";
import { HeroGlow } from "./hero-glow";

export async function headshotLandingMetadata(locale: Locale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "metadata" });
  return { title: t("headshotTitle"), description: t("headshotDescription") };
}

const features: ReadonlyArray<{ key: "styles" | "fast" | "private" | "quality"; icon: SpriteIconName }> = [
  { key: "styles", icon: "palette" },
  { key: "fast", icon: "clock" },
  { key: "private", icon: "shield-check" },
  { key: "quality", icon: "sparkles" },
];

/** The Headshot Pro landing page (spec §2 /headshot-pro), shared by its prerendered and per-request routes. */
export async function HeadshotLanding() {
  const t = await getTranslations("headshotLanding");

  return (
    <>
      <section className="relative isolate overflow-hidden">
        <HeroGlow />
        <div className="mx-auto max-w-3xl px-4 pt-16 pb-16 text-center sm:px-6 sm:pt-24">
          <Badge variant="outline" className="hero-badge">
            {t("badge")}
          </Badge>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t("title")}</h1>
          <p className="hero-subtitle">{t("subtitle")}</p>
          <p className="headshot-stat">
            <SpriteIcon name="trending-up" className="size-4" />
            <span data-testid="headshot-stat">{t("stat", { count: 27000 })}</span>
          </p>
          <div className="mt-10">
            <Button asChild variant="brand" size="lg" data-testid="headshot-cta">
              <Link href="/headshot-pro/step1">
                {t("cta")}
                <SpriteIcon name="arrow-right" className="rtl:rotate-180" />
              </Link>
            </Button>
          </div>
        </div>
      </section>
      <section aria-labelledby="headshot-features-heading" className="mx-auto max-w-6xl px-4 pb-24 sm:px-6 lg:px-8">
        <h2 id="headshot-features-heading" className="mb-8 text-center text-2xl font-bold tracking-tight sm:text-3xl">
          {t("featuresHeading")}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ key, icon }) => (
            <li key={key}>
              <Card className="h-full">
                <CardHeader className="gap-3">
                  <span className="feature-icon">
                    <SpriteIcon name={icon} className="size-5" />
                  </span>
                  <CardTitle className="leading-none">{t(`features.${key}.title`)}</CardTitle>
                  <CardDescription>{t(`features.${key}.description`)}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
