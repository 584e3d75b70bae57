import type { Metadata } from "next";
import Link from "next/link";
import { ArrowRight } from "@/components/icons/arrow-right";
import { Clock } from "@/components/icons/clock";
import { Palette } from "@/components/icons/palette";
import { ShieldCheck } from "@/components/icons/shield-check";
import { Sparkles } from "@/components/icons/sparkles";
import { TrendingUp } from "@/components/icons/trending-up";
import type { LucideIcon } from "@/components/icons/render-icon";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Locale } from "@/lib/i18n/config";
import { HeroGlow } from "./hero-glow";

export async function headshotLandingMetadata(locale: Locale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "metadata" });
  return { title: t("headshotTitle"), description: t("headshotDescription") };
}

const features: ReadonlyArray<{ key: "styles" | "fast" | "private" | "quality"; icon: LucideIcon }> = [
  { key: "styles", icon: Palette },
  { key: "fast", icon: Clock },
  { key: "private", icon: ShieldCheck },
  { key: "quality", icon: Sparkles },
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
            <TrendingUp className="size-4" aria-hidden="true" />
            <span data-testid="headshot-stat">{t("stat", { count: 27000 })}</span>
          </p>
          <div className="mt-10">
            <Button asChild variant="brand" size="lg" data-testid="headshot-cta">
              <Link href="/headshot-pro/step1">
                {t("cta")}
                <ArrowRight className="rtl:rotate-180" aria-hidden="true" />
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
          {features.map(({ key, icon: Icon }) => (
            <li key={key}>
              <Card className="h-full">
                <CardHeader className="gap-3">
                  <span className="feature-icon">
                    <Icon className="size-5" aria-hidden="true" />
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
