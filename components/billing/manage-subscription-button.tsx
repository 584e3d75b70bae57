"use client";

import { ExternalLink, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { openCustomerPortalAction } from "@/lib/actions/open-customer-portal";
import { useCheckoutLauncher } from "./use-checkout-launcher";

/** Opens the Stripe Customer Portal in a new tab: change plan, update the card, cancel. */
export function ManageSubscriptionButton() {
  const t = useTranslations("subscription.current");
  const { launch, busy } = useCheckoutLauncher();
  return (
    <Button variant="outline" disabled={busy} onClick={() => launch("portal", () => openCustomerPortalAction({}))} data-testid="manage-subscription">
      {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ExternalLink aria-hidden="true" />}
      {busy ? t("opening") : t("manage")}
    </Button>
  );
}
