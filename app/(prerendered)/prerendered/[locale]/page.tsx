import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { HomeContent } from "@/components/marketing/home-content";
import { isLocale } from "@/lib/i18n/config";

// Not built with the app: the examples come from the database, which `next build` never opens.
// Each language's page is rendered on its first visit, then served from the cache.
export function generateStaticParams() {
  return [];
}

// At most as old as the examples it shows (examplesMaxAgeSeconds in lib/examples/active-examples.ts).
export const revalidate = 300;

export default async function PrerenderedHomePage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return <HomeContent />;
}
