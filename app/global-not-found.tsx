import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotFoundContent } from "@/components/layout/not-found-content";
import DynamicRootLayout from "./dynamic-root-layout";
import { siteViewport } from "./site-document";

/*
 * Every unknown address, whichever root layout would have been its own (the app has one per
 * route group): rendered per request, in the visitor's language and with their header.
 */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("metadata");
  // No layout's title template applies here.
  return { title: `${t("notFoundTitle")} · ${t("siteName")}` };
}

export const viewport = siteViewport;

export default function GlobalNotFound() {
  return (
    <DynamicRootLayout>
      <NotFoundContent />
    </DynamicRootLayout>
  );
}
