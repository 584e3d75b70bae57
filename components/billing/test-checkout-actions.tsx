"use client";

import { useState, useTransition } from "react";
import { LoaderCircle as Loader2 } from "@/components/icons/loader-circle";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/use-hydrated";
import { cancelTestCheckoutAction } from "@/lib/actions/cancel-test-checkout";
import { payTestCheckoutAction } from "@/lib/actions/pay-test-checkout";
import type { CheckoutReturnTarget } from "@/lib/billing/return-path";

/** "Pay (test mode)" and "Cancel" on the built-in test checkout (decision 8). */
export function TestCheckoutActions({ purchaseId, returnTo }: { purchaseId: string; returnTo?: CheckoutReturnTarget }) {
  const t = useTranslations();
  const [choice, setChoice] = useState<"pay" | "cancel" | null>(null);
  const [isPending, startTransition] = useTransition();
  // A click before hydration would do nothing; the buttons wait until they can act.
  const hydrated = useHydrated();
  const inactive = isPending || !hydrated;

  const run = (which: "pay" | "cancel") => {
    setChoice(which);
    startTransition(async () => {
      const action = which === "pay" ? payTestCheckoutAction : cancelTestCheckoutAction;
      const result = await action({ purchaseId, returnTo });
      if (!result.ok) {
        toast.error(t("checkout.errorTitle"), { description: t(result.error, result.values) });
        setChoice(null);
        return;
      }
      // A full page load, as when coming back from Stripe: the header's balance is fresh at once.
      window.location.assign(result.data.next);
    });
  };

  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" disabled={inactive} onClick={() => run("cancel")} data-testid="test-checkout-cancel">
        {t("checkout.test.cancel")}
      </Button>
      <Button variant="brand" disabled={inactive} onClick={() => run("pay")} data-testid="test-checkout-pay">
        {isPending && choice === "pay" ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {isPending && choice === "pay" ? t("checkout.test.paying") : t("checkout.test.pay")}
      </Button>
    </div>
  );
}
