"use client";

import Link from "next/link";
import { ExternalLink } from "@/components/icons/external-link";
import { LoaderCircle as Loader2 } from "@/components/icons/loader-circle";
import { Settings2 } from "@/components/icons/settings-2";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { openCustomerPortalAction } from "@/lib/actions/open-customer-portal";
import { testPortalPath } from "@/lib/billing/return-path";
import { useCheckoutLauncher } from "./use-checkout-launcher";

/**
 * "Manage subscription": Stripe's Customer Portal in a new tab (change plan, update the card,
 * cancel), or for a plan bought in the test checkout the built-in portal of test mode.
 */
export function ManageSubscriptionButton({ management }: { management: "stripe" | "test" }) {
  const t = useTranslations("subscription.current");
  const { launch, busy } = useCheckoutLauncher();
  if (management === "test") {
    return (
      <Button asChild variant="outline" data-testid="manage-subscription">
        <Link href={testPortalPath}>
          <Settings2 aria-hidden="true" />
          {t("manage")}
        </Link>
      </Button>
    );
  }
  return (
    <Button variant="outline" disabled={busy} onClick={() => launch("portal", () => openCustomerPortalAction({}))} data-testid="manage-subscription">
      {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ExternalLink aria-hidden="true" />}
      {busy ? t("opening") : t("manage")}
    </Button>
  );
}
