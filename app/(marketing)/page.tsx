import { getTranslations } from "next-intl/server";
import { ExamplesGallery } from "@/components/marketing/examples-gallery";
import { Hero } from "@/components/marketing/hero";
import { StickyCta } from "@/components/marketing/sticky-cta";
import { ToolCards } from "@/components/marketing/tool-cards";

// The examples come from the database, which must never be opened while `next build` runs.
export const dynamic = "force-dynamic";

export default async function HomePage() {
  const t = await getTranslations("home");
  // Sign-in arrives with a later issue (signed-in visitors will be redirected to /dashboard).
  const signedIn = false;

  return (
    <>
      <Hero signedIn={signedIn} />
      <section id="tools" aria-labelledby="tools-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="mb-10 max-w-2xl">
          <h2 id="tools-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t("tools.heading")}
          </h2>
          <p className="mt-3 text-muted-foreground">{t("tools.subheading")}</p>
        </div>
        <ToolCards />
      </section>
      <section
        id="examples"
        aria-labelledby="examples-heading"
        className="mx-auto max-w-7xl px-4 pt-8 pb-24 sm:px-6 lg:px-8"
      >
        <div className="mb-10 max-w-2xl">
          <h2 id="examples-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t("examples.heading")}
          </h2>
          <p className="mt-3 text-muted-foreground">{t("examples.subheading")}</p>
        </div>
        <ExamplesGallery />
      </section>
      <StickyCta href={signedIn ? "/dashboard" : "/auth?mode=signup"} label={t("stickyCta")} />
    </>
  );
}
