import { getLocale } from "next-intl/server";
import { readSessionAccountFingerprint } from "@/lib/account/account-fingerprint";
import { currencyForLocale } from "@/lib/billing/money";
import { resolvePaymentsMode } from "@/lib/billing/payments-config";
import { buildPriceList } from "@/lib/billing/price-list";
import { env } from "@/lib/env";
import { AccountLiveUpdates } from "./account-live-updates";
import { AddCreditsProvider } from "./add-credits-provider";

/**
 * Prices the Add Credits dialog for the visitor's language and wraps the page in its provider,
 * and keeps the page's balance and plan current with the user's other tabs (AccountLiveUpdates);
 * `enabled` is false for visitors, who have nothing to top up.
 */
export async function AddCreditsRoot({
  subscriptionActive,
  enabled,
  children,
}: {
  subscriptionActive: boolean;
  enabled: boolean;
  children: React.ReactNode;
}) {
  if (!enabled) return children;
  const [locale, fingerprint] = await Promise.all([getLocale(), readSessionAccountFingerprint()]);
  const currency = currencyForLocale(locale);
  const offer = {
    subscriptionActive,
    paymentsEnabled: resolvePaymentsMode(env) !== "disabled",
    currency,
    topUps: buildPriceList(currency).topUps,
  };
  return (
    <AddCreditsProvider offer={offer}>
      {children}
      {fingerprint ? <AccountLiveUpdates fingerprint={fingerprint} /> : null}
    </AddCreditsProvider>
  );
}
