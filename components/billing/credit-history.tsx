import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { Receipt } from "@/components/icons/receipt";
import { NewerOlderPagination } from "@/components/layout/newer-older-pagination";
import type { CreditHistoryEntry, CreditHistoryPage } from "@/lib/billing/credit-history";
import { creditHistoryAnchor, creditHistoryHref, receiptHref } from "@/lib/billing/credit-history-query";
import { cn } from "@/lib/utils";

const toolKeys = { headshot_pro: "headshotPro", ai_product: "aiProduct", hair_changer: "hairChanger", body_shaper: "bodyShaper" } as const;

/** Spec §2 /subscription, issue 34 story 4: every change of the balance, newest first, with receipts. */
export async function CreditHistory({ history }: { history: CreditHistoryPage }) {
  const t = await getTranslations("subscription.history");
  const tools = await getTranslations("categories");
  const format = await getFormatter();
  const toolName = (entry: CreditHistoryEntry) => (entry.tool && entry.tool !== "edit" ? tools(toolKeys[entry.tool]) : t("anEdit"));
  const describe = (entry: CreditHistoryEntry) => {
    switch (entry.event) {
      case "spend":
      case "refund":
        return t(`events.${entry.event}`, { tool: toolName(entry) });
      case "topUp":
        return t("events.topUp", { count: entry.credits ?? 0 });
      default:
        return t(`events.${entry.event}`);
    }
  };
  const { entries, page, hasNextPage } = history;

  return (
    <section id={creditHistoryAnchor} aria-labelledby="credit-history-title" className="scroll-mt-20 space-y-4" data-testid="credit-history">
      <div>
        <h2 id="credit-history-title" className="text-xl font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("subtitle")}</p>
      </div>
      {entries.length === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="credit-history-empty">
          {t("empty")}
        </p>
      ) : (
        <ol className="divide-y rounded-xl border bg-card">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4" data-testid="credit-history-entry" data-event={entry.event}>
              <div className="min-w-0 flex-1">
                <p className="font-medium">{describe(entry)}</p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={entry.at.toISOString()}>{format.dateTime(entry.at, { dateStyle: "medium", timeStyle: "short" })}</time>
                  {entry.unrecovered > 0 ? <> · {t("unrecovered", { count: entry.unrecovered })}</> : null}
                  {entry.secondPaymentRefunded ? (
                    <span data-testid="credit-history-second-payment">
                      {" · "}
                      {t("secondPaymentRefunded", {
                        amount: format.number(entry.secondPaymentRefunded.amountMinor / 100, {
                          style: "currency",
                          currency: entry.secondPaymentRefunded.currency.toUpperCase(),
                        }),
                      })}
                    </span>
                  ) : null}
                </p>
              </div>
              {entry.receipt ? (
                <Link
                  href={receiptHref(entry.receipt)}
                  // A plan's invoice is Stripe's page, looked up when opened: never prefetched, in a tab of its own.
                  {...(entry.receipt.kind === "planInvoice" ? { prefetch: false, target: "_blank", rel: "noopener noreferrer" } : {})}
                  className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
                  data-testid="credit-history-receipt"
                >
                  <Receipt className="size-4" aria-hidden="true" />
                  {t("receipt")}
                </Link>
              ) : null}
              <div className="text-end">
                <p
                  className={cn("font-semibold tabular-nums", entry.delta > 0 && "text-emerald-700 dark:text-emerald-400")}
                  data-testid="credit-history-delta"
                >
                  {/* Numbers read left to right in every language; the sign stays with them. */}
                  <bdi dir="ltr">{format.number(entry.delta, { signDisplay: "exceptZero" })}</bdi>
                </p>
                <p className="text-xs text-muted-foreground">{t("balance", { balance: entry.balanceAfter })}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
      <NewerOlderPagination
        newerHref={page > 1 ? creditHistoryHref(page - 1) : undefined}
        olderHref={hasNextPage ? creditHistoryHref(page + 1) : undefined}
        labels={{ nav: t("pagination.label"), newer: t("pagination.newer"), older: t("pagination.older"), page: t("pagination.page", { page }) }}
        testId="credit-history-pagination"
      />
    </section>
  );
}
