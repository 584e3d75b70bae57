import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import type { CurrentAccount } from "@/lib/account/current-account";
import { CreditsBadge } from "./credits-badge";
import { LanguageMenu } from "./language-menu";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { headerLinks } from "./nav-links";
import { ThemeMenu } from "./theme-menu";
import { UserMenu } from "./user-menu";

const navLinkClass =
  "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50";

/**
 * The header on every page. Visitors get Sign In / Sign Up; a signed-in user gets the credits
 * badge and the user menu, and the logo and Tools lead to the dashboard (spec §2 Header).
 */
export async function SiteHeader({ account }: { account: CurrentAccount | null }) {
  const t = await getTranslations();
  const links = headerLinks(account !== null);

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
          {account ? (
            <>
              <CreditsBadge credits={account.credits} subscriptionActive={account.subscriptionActive} className="me-1" />
              <div className="hidden md:block">
                <UserMenu email={account.email} plan={account.plan} />
              </div>
            </>
          ) : (
            <div className="hidden items-center gap-2 ps-2 md:flex">
              <Button asChild variant="ghost" size="sm">
                <Link href={links.signIn}>{t("header.signIn")}</Link>
              </Button>
              <Button asChild variant="brand" size="sm">
                <Link href={links.signUp}>{t("header.signUp")}</Link>
              </Button>
            </div>
          )}
          <MobileMenu
            links={links}
            account={account ? { email: account.email, plan: account.plan, credits: account.credits } : null}
          />
        </div>
      </div>
    </header>
  );
}
