import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { LanguageMenu } from "./language-menu";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { headerLinks } from "./nav-links";
import { ThemeMenu } from "./theme-menu";

const navLinkClass =
  "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50";

/**
 * The header on every page. `signedIn` only switches link targets today; the signed-in
 * controls (credits badge, user menu) belong where the sign-in buttons are.
 */
export async function SiteHeader({ signedIn }: { signedIn: boolean }) {
  const t = await getTranslations();
  const links = headerLinks(signedIn);

  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/80 backdrop-blur-md supports-[backdrop-filter]:bg-background/65">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Logo href={links.home} label={t("common.homeLink")} brand={t("common.brand")} />
        <nav aria-label={t("header.navLabel")} className="ms-6 hidden items-center gap-1 md:flex">
          <Link href={links.tools} className={navLinkClass}>
            {t("header.tools")}
          </Link>
          <Link href={links.examples} className={navLinkClass}>
            {t("header.examples")}
          </Link>
        </nav>
        <div className="ms-auto flex items-center gap-1">
          <div className="hidden items-center gap-1 md:flex">
            <LanguageMenu />
            <ThemeMenu />
          </div>
          {signedIn ? null : (
            <div className="hidden items-center gap-2 ps-2 md:flex">
              <Button asChild variant="ghost" size="sm">
                <Link href={links.signIn}>{t("header.signIn")}</Link>
              </Button>
              <Button asChild variant="brand" size="sm">
                <Link href={links.signUp}>{t("header.signUp")}</Link>
              </Button>
            </div>
          )}
          <MobileMenu links={links} signedIn={signedIn} />
        </div>
      </div>
    </header>
  );
}
