"use client";

import { useRef, useState } from "react";
import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import type { ActionResult } from "@/lib/actions/safe-action";
import { signInUrlFor } from "@/lib/auth/routes";

type UrlAction = () => Promise<ActionResult<{ url: string }>>;

/**
 * Opens a checkout (or the Customer Portal) in a new tab, as the spec's buttons do. The tab is
 * opened during the click, before the server answers, because browsers block tabs opened later;
 * it is pointed at the URL once the action returns, or closed if it fails. Only one launch runs
 * at a time, so a second click while a checkout is being created does nothing.
 */
export function useCheckoutLauncher() {
  const t = useTranslations();
  const router = useRouter();
  const pathname = usePathname();
  const [pendingKey, setPendingKey] = useState<string | null>(null);
  const inFlight = useRef(false);

  async function launch(key: string, action: UrlAction) {
    if (inFlight.current) return;
    inFlight.current = true;
    setPendingKey(key);
    const tab = window.open("", "_blank");
    // The checkout page must not be able to reach back into this one.
    if (tab) tab.opener = null;
    try {
      const result = await action();
      if (!result.ok) {
        tab?.close();
        if (result.error === "errors.unauthenticated") {
          router.push(signInUrlFor(pathname));
          return;
        }
        toast.error(t("checkout.errorTitle"), { description: t(result.error, result.values) });
        return;
      }
      if (tab) {
        tab.location.href = result.data.url;
        toast.success(t("checkout.redirecting"), { description: t("checkout.redirectingText") });
      } else {
        // Pop-ups blocked: continue in this tab instead.
        window.location.assign(result.data.url);
      }
    } catch {
      tab?.close();
      toast.error(t("checkout.errorTitle"), { description: t("errors.checkoutFailed") });
    } finally {
      inFlight.current = false;
      setPendingKey(null);
    }
  }

  return { launch, pendingKey, busy: pendingKey !== null };
}
