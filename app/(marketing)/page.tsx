import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ExamplesGallery } from "@/components/marketing/examples-gallery";
import { Hero } from "@/components/marketing/hero";
import { StickyCta } from "@/components/marketing/sticky-cta";
import { ToolCards } from "@/components/marketing/tool-cards";
import { afterSignInPath } from "@/lib/auth/routes";
import { getSessionUser } from "@/lib/auth/session";

// The examples come from the database, which must never be opened while `next build` runs.
export const dynamic = "force-dynamic";

export default async function HomePage() {
  // proxy.ts already sends signed-in visitors on; this covers a cookie it could not judge.
  const signedIn = (await getSessionUser()) !== null;
  if (signedIn) redirect(afterSignInPath);
  const t = await getTranslations("home");

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
