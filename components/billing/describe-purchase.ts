import "server-only";
import { getTranslations } from "next-intl/server";
import type { Purchase } from "@/db/schema";
import { findCashPack } from "@/lib/billing/catalog";
import { parsePlanItemId } from "@/lib/billing/checkout-items";

/** What a purchase bought, in words: the test checkout's order and a receipt say it alike. */
export async function describePurchase(purchase: Pick<Purchase, "kind" | "itemId" | "credits">): Promise<{ name: string; detail?: string }> {
  const t = await getTranslations();
  const plan = parsePlanItemId(purchase.itemId);
  if (purchase.kind === "subscription" && plan) {
    return {
      name: t("checkout.test.items.subscription", { plan: t(`userMenu.plans.${plan.planId}`) }),
      detail: `${t(`checkout.test.items.${plan.billingCycle}`)} · ${t(plan.billingCycle === "yearly" ? "checkout.test.renewalYearly" : "checkout.test.renewal")}`,
    };
  }
  if (purchase.kind === "top_up") return { name: t("checkout.test.items.topUp", { count: purchase.credits }) };
  return { name: t("checkout.test.items.cashPack", { count: findCashPack(purchase.itemId)?.headshots ?? 0 }) };
}
