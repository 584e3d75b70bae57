import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { HeadshotLanding, headshotLandingMetadata } from "@/components/marketing/headshot-landing";
import { isLocale, locales } from "@/lib/i18n/config";

type Params = Promise<{ locale: string }>;

export const dynamicParams = false;

export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale } = await params;
  return isLocale(locale) ? headshotLandingMetadata(locale) : {};
}

export default async function PrerenderedHeadshotLandingPage({ params }: { params: Params }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return <HeadshotLanding />;
}
