import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CookieSettingsButton } from "@/components/analytics/cookie-settings-button";
import { analyticsEnabled } from "@/lib/analytics/public-config";
import { Logo } from "./logo";

export async function SiteFooter({ signedIn }: { signedIn: boolean }) {
  const t = await getTranslations();
  const year = new Date().getFullYear();

  return (
    <footer className="border-t bg-muted/30">
      <div className="site-footer-columns">
        <div className="max-w-sm space-y-3">
          <Logo href={signedIn ? "/dashboard" : "/"} label={t("common.homeLink")} brand={t("common.brand")} />
          <p className="text-sm text-muted-foreground">{t("footer.tagline")}</p>
        </div>
        <nav aria-labelledby="footer-product-heading" className="space-y-3">
          <h2 id="footer-product-heading" className="text-sm font-semibold">
            {t("footer.productHeading")}
          </h2>
          <ul className="space-y-2">
            <li>
              <Link href={signedIn ? "/dashboard" : "/#tools"} className="footer-link">
                {t("footer.tools")}
              </Link>
            </li>
            <li>
              <Link href={signedIn ? "/dashboard#examples" : "/#examples"} className="footer-link">
                {t("footer.examples")}
              </Link>
            </li>
            <li>
              <Link href="/headshot-pro" className="footer-link">
                {t("footer.headshotPro")}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-account-heading" className="space-y-3">
          <h2 id="footer-account-heading" className="text-sm font-semibold">
            {t("footer.accountHeading")}
          </h2>
          <ul className="space-y-2">
            {signedIn ? null : (
              <>
                <li>
                  <Link href="/auth?mode=signup" className="footer-link">
                    {t("footer.signUp")}
                  </Link>
                </li>
                <li>
                  <Link href="/auth" className="footer-link">
                    {t("footer.signIn")}
                  </Link>
                </li>
              </>
            )}
            {signedIn ? (
              <li>
                <Link href="/privacy" className="footer-link">
                  {t("privacy.menuItem")}
                </Link>
              </li>
            ) : null}
            {analyticsEnabled ? (
              <li>
                <CookieSettingsButton label={t("consent.footerLink")} className="footer-link" />
              </li>
            ) : null}
            <li>
              <a href="#main-content" className="footer-link">
                {t("footer.backToTop")}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      {/* A plain rule: the Separator component would bring client code to every page for a line. */}
      <div aria-hidden="true" className="h-px bg-border" />
      <p className="site-footer-copyright">
        {t("footer.copyright", { year: String(year) })}
      </p>
    </footer>
  );
}
