import Link from "next/link";
import { Sparkles } from "@/components/icons";
import { cn } from "@/lib/utils";

export function Logo({ href, label, brand, className }: { href: string; label: string; brand: string; className?: string }) {
  return (
    <Link
      href={href}
      aria-label={label}
      className={cn(
        "flex items-center gap-2 rounded-md font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        className,
      )}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-linear-to-br from-brand-from to-brand-to text-white shadow-sm shadow-primary/30">
        <Sparkles className="size-4" aria-hidden="true" />
      </span>
      <span className="text-base">{brand}</span>
    </Link>
  );
}
