import { getTranslations } from "next-intl/server";
import { ExamplesGallery } from "./examples-gallery";
import { Hero } from "./hero";
import { StickyCta } from "./sticky-cta";
import { ToolCards } from "./tool-cards";

/** The landing page (spec §2 /), shared by its prerendered and per-request routes. */
export async function HomeContent() {
  const t = await getTranslations("home");

  return (
    <>
      <Hero />
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
      <StickyCta href="/auth?mode=signup" label={t("stickyCta")} />
    </>
  );
}
