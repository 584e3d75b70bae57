import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import { ActivityPagination } from "@/components/activity/activity-pagination";
import messages from "@/messages/en.json";

/** The Newer / Older links of /activity (NewerOlderPagination, shared with the credit history). */

const intl = { locale: "en", messages, timeZone: "UTC" } as ComponentProps<typeof NextIntlClientProvider>;

function render(props: ComponentProps<typeof ActivityPagination>): string {
  return renderToStaticMarkup(createElement(NextIntlClientProvider, intl, createElement(ActivityPagination, props)));
}

describe("ActivityPagination", () => {
  it("shows nothing when everything fits on one page", () => {
    expect(render({ categorySlug: undefined, page: 1, hasNextPage: false })).toBe("");
  });

  it("links the first page to the older one only", () => {
    const html = render({ categorySlug: undefined, page: 1, hasNextPage: true });
    expect(html).toContain('data-testid="activity-pagination-older"');
    expect(html).toContain('href="/activity?page=2"');
    expect(html).not.toContain("activity-pagination-newer");
    expect(html).toContain(messages.activity.pagination.page.replace("{page}", "1"));
  });

  it("links a middle page both ways, keeping the tool filter", () => {
    const html = render({ categorySlug: "hair-changer", page: 3, hasNextPage: true });
    expect(html).toContain('href="/activity?category=hair-changer&amp;page=2"');
    expect(html).toContain('href="/activity?category=hair-changer&amp;page=4"');
    expect(html).toContain(`aria-label="${messages.activity.pagination.label}"`);
  });

  it("links the last page to the newer one only", () => {
    const html = render({ categorySlug: undefined, page: 2, hasNextPage: false });
    expect(html).toContain('data-testid="activity-pagination-newer"');
    expect(html).not.toContain("activity-pagination-older");
  });
});
