import Link from "next/link";
import { OpenAddCreditsButton } from "@/components/billing/open-add-credits-button";
import { getTranslationsWithSharedFormatters } from "@/lib/i18n/shared-formatters";
import { cn } from "@/lib/utils";
import { SpriteIcon } from "./sprite-icon";

/**
 * The balance in the header (spec §2): it opens the Add Credits dialog for active subscribers
 * and leads everyone else to /subscription.
 */
export async function CreditsBadge({
  credits,
  subscriptionActive = false,
  className,
}: {
  credits: number;
  subscriptionActive?: boolean;
  className?: string;
}) {
  const t = await getTranslationsWithSharedFormatters("userMenu");
  const props = {
    "aria-label": t("creditsLink", { count: credits }),
    "data-testid": "credits-badge",
    className: cn(
      "inline-flex h-8 items-center gap-1.5 rounded-full border border-primary/30 bg-primary/10 px-3 text-sm font-semibold text-primary tabular-nums transition-colors outline-none hover:bg-primary/15 focus-visible:ring-[3px] focus-visible:ring-ring/50",
      className,
    ),
  };
  const content = (
    <>
      <SpriteIcon name="coins" className="size-4" />
      <span data-testid="credits-count">{credits}</span>
    </>
  );
  return subscriptionActive ? (
    <OpenAddCreditsButton {...props}>{content}</OpenAddCreditsButton>
  ) : (
    <Link href="/subscription" {...props}>
      {content}
    </Link>
  );
}
