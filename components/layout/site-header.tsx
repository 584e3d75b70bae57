import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { buttonVariants } from "@/components/ui/button-variants";
import type { CurrentAccount } from "@/lib/account/current-account";
import { cn } from "@/lib/utils";
import { CreditsBadge } from "./credits-badge";
import { LanguageMenu } from "./language-menu";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { headerLinks } from "./nav-links";
import { ThemeMenu } from "./theme-menu";
import { UserAvatar } from "./user-avatar";
import { UserMenu } from "./user-menu";
import { SpriteIcon } from "./sprite-icon";

/**
 * The header on every page. Visitors get Sign In / Sign Up; a signed-in user gets the credits
 * badge and the user menu, and the logo and Tools lead to the dashboard (spec §2 Header).
 */
export async function SiteHeader({ account }: { account: CurrentAccount | null }) {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const links = headerLinks(account !== null);
  // The menus' triggers are plain buttons in client code, so their classes are merged here.
  const ghost = (size: "sm" | "icon", className?: string) => cn(buttonVariants({ variant: "ghost", size }), className);

  return (
    <header className="site-header">
      <div className="site-header-bar">
        <Logo href={links.home} label={t("common.homeLink")} brand={t("common.brand")} />
        <nav aria-label={t("header.navLabel")} className="ms-6 hidden items-center gap-1 md:flex">
          <Link href={links.tools} className="header-nav-link">
            {t("header.tools")}
          </Link>
          <Link href={links.examples} className="header-nav-link">
            {t("header.examples")}
          </Link>
        </nav>
        <div className="ms-auto flex items-center gap-1">
          <div className="hidden items-center gap-1 md:flex">
            <LanguageMenu
              trigger={{
                "aria-label": t("language.change", { language: t(`language.names.${locale}`) }),
                "aria-haspopup": "menu",
                "data-testid": "language-menu",
                className: ghost("sm"),
              }}
            >
              <SpriteIcon name="languages" />
              <span className="text-xs font-semibold uppercase" aria-hidden="true">
                {locale}
              </span>
            </LanguageMenu>
            <ThemeMenu
              trigger={{ "aria-label": t("theme.change"), "aria-haspopup": "menu", "data-testid": "theme-menu", className: ghost("icon") }}
            >
              {/* Swapped by the .dark class, so the server render never depends on the stored theme. */}
              <SpriteIcon name="sun" className="size-4 dark:hidden" />
              <SpriteIcon name="moon" className="hidden size-4 dark:block" />
            </ThemeMenu>
          </div>
          {account ? (
            <>
              <CreditsBadge credits={account.credits} subscriptionActive={account.subscriptionActive} className="me-1" />
              <div className="hidden md:block">
                <UserMenu
                  email={account.email}
                  plan={account.plan}
                  trigger={{
                    "aria-label": t("userMenu.label"),
                    "aria-haspopup": "menu",
                    "data-testid": "user-menu",
                    className: ghost("icon", "rounded-full"),
                  }}
                >
                  <UserAvatar email={account.email} />
                </UserMenu>
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
            trigger={{
              "aria-label": t("header.openMenu"),
              "aria-haspopup": "dialog",
              "data-testid": "mobile-menu-button",
              className: ghost("icon", "md:hidden"),
            }}
          >
            <SpriteIcon name="menu" className="size-5" />
          </MobileMenu>
        </div>
      </div>
    </header>
  );
}
