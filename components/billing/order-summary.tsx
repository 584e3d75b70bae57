import type { ReactNode } from "react";

/** One line of an order: what it is and its value ("Credits", "100"). */
export interface OrderSummaryLine {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** What a purchase is: its name, and a detail such as the billing cycle below it (describePurchase). */
export function PurchaseItem({ item }: { item: { name: string; detail?: string } }) {
  return (
    <>
      {item.name}
      {item.detail ? <span className="block text-xs font-normal text-muted-foreground">{item.detail}</span> : null}
    </>
  );
}

/** A purchase's lines and its total, as the test checkout shows it before payment and the receipt after. */
export function OrderSummary({ lines, total }: { lines: OrderSummaryLine[]; total: { label: string; value: string; testId: string } }) {
  return (
    <dl className="divide-y rounded-xl border text-sm">
      {lines.map((line) => (
        <div key={line.label} className="flex justify-between gap-4 p-3">
          <dt className="text-muted-foreground">{line.label}</dt>
          <dd className="text-end font-medium" data-testid={line.testId}>
            {line.value}
          </dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 p-3 text-base">
        <dt className="font-semibold">{total.label}</dt>
        <dd className="font-bold tabular-nums" data-testid={total.testId}>
          {total.value}
        </dd>
      </div>
    </dl>
  );
}
