import Link from "next/link";
import { House as Home } from "@/components/icons/house";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";

/** The 404 page's content (app/global-not-found.tsx). */
export async function NotFoundContent() {
  const t = await getTranslations("notFound");

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <p className="text-gradient-brand text-7xl font-bold tracking-tight sm:text-8xl">{t("code")}</p>
      <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
      <p className="mt-4 text-muted-foreground">{t("description")}</p>
      <Button asChild variant="brand" size="lg" className="mt-10">
        <Link href="/">
          <Home aria-hidden="true" />
          {t("backHome")}
        </Link>
      </Button>
    </section>
  );
}
