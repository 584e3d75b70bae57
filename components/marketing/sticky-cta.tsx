import Link from "next/link";
import { ArrowRight } from "@/components/icons/arrow-right";
import { Button } from "@/components/ui/button";
import { ShowAfterScroll } from "./show-after-scroll";

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
          <ArrowRight className="rtl:rotate-180" aria-hidden="true" />
        </Link>
      </Button>
    </ShowAfterScroll>
  );
}
