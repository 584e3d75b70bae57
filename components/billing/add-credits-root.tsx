import { getLocale } from "next-intl/server";
import { currencyForLocale } from "@/lib/billing/money";
import { resolvePaymentsMode } from "@/lib/billing/payments-config";
import { buildPriceList } from "@/lib/billing/price-list";
import { env } from "@/lib/env";
import { AddCreditsProvider } from "./add-credits-provider";

/**
 * Prices the Add Credits dialog for the visitor's language and wraps the page in its provider;
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
  const currency = currencyForLocale(await getLocale());
  const offer = {
    subscriptionActive,
    paymentsEnabled: resolvePaymentsMode(env) !== "disabled",
    currency,
    topUps: buildPriceList(currency).topUps,
  };
  return <AddCreditsProvider offer={offer}>{children}</AddCreditsProvider>;
}
