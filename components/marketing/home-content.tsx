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
        <div className="home-section-intro">
          <h2 id="tools-heading" className="home-section-heading">
            {t("tools.heading")}
          </h2>
          <p className="home-section-lead">{t("tools.subheading")}</p>
        </div>
        <ToolCards />
      </section>
      <section
        id="examples"
        aria-labelledby="examples-heading"
        className="mx-auto max-w-7xl px-4 pt-8 pb-24 sm:px-6 lg:px-8"
      >
        <div className="home-section-intro">
          <h2 id="examples-heading" className="home-section-heading">
            {t("examples.heading")}
          </h2>
          <p className="home-section-lead">{t("examples.subheading")}</p>
        </div>
        <ExamplesGallery />
      </section>
      <StickyCta href="/auth?mode=signup" label={t("stickyCta")} />
    </>
  );
}
