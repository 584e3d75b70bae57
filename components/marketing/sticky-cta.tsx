import Link from "next/link";
import { Button } from "@/components/ui/button";
import { ShowAfterScroll } from "./show-after-scroll";
import { SpriteIcon } from "@/components/layout/sprite-icon";

/**
 * Mobile-only call to action that appears once the visitor scrolls past half a screen. The page
 * keeps room for it below the footer (globals.css), so it never covers the © line.
 */
export function StickyCta({ href, label }: { href: string; label: string }) {
  return (
    <ShowAfterScroll
      data-testid="sticky-cta"
      data-sticky-cta=""
      className="sticky-cta"
    >
      <Button asChild variant="brand" size="lg" className="w-full">
        <Link href={href}>
          {label}
          <SpriteIcon name="arrow-right" className="rtl:rotate-180" />
        </Link>
      </Button>
    </ShowAfterScroll>
  );
}
