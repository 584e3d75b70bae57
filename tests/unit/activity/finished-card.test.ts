import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it, vi } from "vitest";
import { FinishedCard } from "@/components/activity/finished-card";
import type { ActivityItem } from "@/lib/activity/load-activity";
import messages from "@/messages/en.json";

const complete: ActivityItem = {
  id: "11111111-1111-4111-8111-111111111111",
  category: "Hair Changer",
  isEdit: false,
  status: "complete",
  progress: 100,
  createdAt: "2026-11-20T10:00:00.000Z",
  imageCount: 2,
  coverUrl: "/api/images/cover",
  errorKey: null,
  errorDetail: null,
  creditsRefunded: false,
  secondPaymentRefunded: null,
  numberShots: 4,
  refund: null,
};

/** The provider's props without its children, which createElement passes. */
const intl = { locale: "en", messages, timeZone: "UTC" } as ComponentProps<typeof NextIntlClientProvider>;

function render(item: ActivityItem): string {
  return renderToStaticMarkup(
    createElement(NextIntlClientProvider, intl, createElement(FinishedCard, { item })),
  );
}

describe("FinishedCard (spec §2 /activity, decision 19)", () => {
  it("links a complete generation to its gallery with its cover, count and no failure texts", () => {
    const html = render(complete);
    expect(html).toContain('data-testid="generated-card"');
    expect(html).toContain('href="/gallery/11111111-1111-4111-8111-111111111111"');
    expect(html).toContain('src="/api/images/cover"');
    expect(html).toContain("2 images");
    expect(html).not.toContain("delivery-refund-line");
    expect(html).not.toContain(messages.activity.failed);
  });

  it("formats its image count with the process's plural formatters, not a new one per request (issue 16)", () => {
    render(complete);
    const made = vi.fn();
    const { PluralRules } = Intl;
    class CountedPluralRules extends PluralRules {
      constructor(...args: ConstructorParameters<typeof PluralRules>) {
        super(...args);
        made();
      }
    }
    const replace = (value: unknown) => Object.defineProperty(Intl, "PluralRules", { value, configurable: true, writable: true });
    replace(CountedPluralRules);
    try {
      // A provider of its own, as a new request would have.
      expect(render({ ...complete, imageCount: 3 })).toContain("3 images");
      expect(made).not.toHaveBeenCalled();
    } finally {
      replace(PluralRules);
    }
  });

  it("says what came back for the images a complete generation did not deliver, in credits or money", () => {
    const credits = render({ ...complete, refund: { missingImages: 2, credits: 4, money: null } });
    expect(credits).toContain('data-testid="delivery-refund-line"');
    expect(credits).toContain("2 of 4 images could be created · 4 credits for the 2 missing images went back to your balance.");
    const money = render({ ...complete, refund: { missingImages: 2, credits: 0, money: { amountMinor: 500, currency: "usd", status: "refunded" } } });
    expect(money).toContain("$5.00 for the missing images was refunded to your payment method.");
  });

  it("says a second payment of the order was refunded (issue 34)", () => {
    const html = render({ ...complete, secondPaymentRefunded: { amountMinor: 999, currency: "usd" } });
    expect(html).toContain("A second payment of $9.99 for this order was refunded to your payment method.");
    expect(render(complete)).not.toContain("second-payment-refund");
  });

  it("shows a failed generation's reason, detail, credit refund and whole-order money refund", () => {
    const html = render({
      ...complete,
      status: "failed",
      coverUrl: null,
      imageCount: 0,
      errorKey: "generation.errors.timedOut",
      errorDetail: "engine said no",
      creditsRefunded: true,
      refund: { missingImages: 4, credits: 0, money: { amountMinor: 900, currency: "usd", status: "pending" } },
    });
    expect(html).toContain('data-testid="failed-card"');
    expect(html).not.toContain("/gallery/");
    expect(html).toContain(messages.activity.failed);
    expect(html).toContain(`${messages.generation.errors.timedOut}<span`);
    expect(html).toContain("engine said no");
    expect(html).toContain(messages.generation.failure.refunded);
    expect(html).toContain("Your payment of $9.00 is being refunded to your payment method.");
    expect(html).not.toContain("delivery-refund-line");
  });
});
