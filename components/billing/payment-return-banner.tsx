"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { CircleCheck as CheckCircle2 } from "@/components/icons/circle-check";
import { LoaderCircle as Loader2 } from "@/components/icons/loader-circle";
import { CircleX as XCircle } from "@/components/icons/circle-x";
import { useTranslations } from "next-intl";
import { getCheckoutStatusAction } from "@/lib/actions/get-checkout-status";
import type { CheckoutStatus } from "@/lib/billing/checkout-status";
import { cn } from "@/lib/utils";

/** What the page returned to is about: credits and plans, a headshot pack on /activity or on step 4. */
export type PaymentReturnVariant = "credits" | "generation" | "headshot";

type Phase = { name: "pending"; slow: boolean } | { name: "done"; status: CheckoutStatus } | { name: "notFound" };

const pollEveryMs = 1500;
const slowAfterMs = 20_000;
const giveUpAfterMs = 5 * 60_000;

function removeSessionIdFromAddress() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has("session_id")) return;
  url.searchParams.delete("session_id");
  // A null state lets Next.js adopt the new address as its own (a router state would be ignored).
  window.history.replaceState(null, "", `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Shown after returning from a checkout with ?session_id=: the payment's state from the server's
 * record (decision 5), pending until the webhook lands, then confirmed. The parameter is removed
 * from the address at once; the first session id is kept in state, so the banner stays while
 * the page refreshes without it.
 */
export function PaymentReturnBanner({ sessionId, variant = "credits" }: { sessionId?: string; variant?: PaymentReturnVariant }) {
  const t = useTranslations("checkout.return");
  const router = useRouter();
  const [trackedSession, setTrackedSession] = useState(sessionId);
  const [phase, setPhase] = useState<Phase>({ name: "pending", slow: false });
  const [dismissed, setDismissed] = useState(false);
  if (sessionId && !trackedSession) setTrackedSession(sessionId);

  useEffect(() => {
    if (!trackedSession) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startedAt = Date.now();
    const poll = async () => {
      const result = await getCheckoutStatusAction({ sessionId: trackedSession }).catch(() => undefined);
      if (cancelled) return;
      // Only after an await: the router writes its own history entry while the page hydrates.
      removeSessionIdFromAddress();
      if (result && !result.ok) return setPhase({ name: "notFound" });
      if (result?.ok && result.data.status !== "pending") {
        setPhase({ name: "done", status: result.data });
        // The header's balance and the page's plan come from the server: fetch them again.
        if (result.data.status === "paid") router.refresh();
        return;
      }
      const waited = Date.now() - startedAt;
      if (waited > giveUpAfterMs) return;
      setPhase({ name: "pending", slow: waited > slowAfterMs });
      timer = setTimeout(() => void poll(), pollEveryMs);
    };
    void poll();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [trackedSession, router]);

  if (!trackedSession || dismissed) return null;

  const paid = phase.name === "done" && phase.status.status === "paid";
  const failed = phase.name === "notFound" || (phase.name === "done" && phase.status.status !== "paid");
  let title: string;
  let text: string | undefined;
  if (phase.name === "pending") {
    title = variant === "generation" ? t("pendingGeneration") : t("pending");
    text = phase.slow ? t("slow") : t("pendingText");
  } else if (phase.name === "notFound") {
    title = t("notFound");
  } else if (phase.status.status === "paid") {
    title = variant === "generation" ? t("generationStarting") : variant === "headshot" ? t("paymentSuccessful") : t("confirmed");
    text = variant === "credits" ? (phase.status.kind === "subscription" ? t("confirmedPlan") : t("confirmedCredits")) : undefined;
  } else if (phase.status.status === "refunded") {
    title = t("refunded");
    text = phase.status.kind === "subscription" ? t("refundedDuplicate") : undefined;
  } else {
    title = phase.status.status === "cancelled" ? t("cancelled") : t("failed");
  }

  const Icon = paid ? CheckCircle2 : failed ? XCircle : Loader2;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="payment-return-banner"
      data-state={paid ? "paid" : failed ? "failed" : "pending"}
      className={cn(
        "flex items-start gap-3 rounded-xl border p-4",
        paid && "border-emerald-500/40 bg-emerald-500/10",
        failed && "border-destructive/40 bg-destructive/10",
        !paid && !failed && "border-primary/30 bg-primary/5",
      )}
    >
      <Icon
        className={cn(
          "mt-0.5 size-5 shrink-0",
          paid && "text-emerald-600 dark:text-emerald-400",
          failed && "text-destructive",
          !paid && !failed && "animate-spin text-primary",
        )}
        aria-hidden="true"
      />
      <div className="flex-1 space-y-0.5">
        <p className="font-semibold">{title}</p>
        {text ? <p className="text-sm text-muted-foreground">{text}</p> : null}
      </div>
      {phase.name === "pending" ? null : (
        <button type="button" onClick={() => setDismissed(true)} className="text-sm text-muted-foreground underline-offset-4 hover:underline">
          {t("dismiss")}
        </button>
      )}
    </div>
  );
}
