import Link from "next/link";
import { SpriteIcon } from "./sprite-icon";

/** The brand mark and name, in the header and the footer; `logo` and `logo-mark` are defined in globals.css. */
export function Logo({ href, label, brand }: { href: string; label: string; brand: string }) {
  return (
    <Link href={href} aria-label={label} className="logo">
      <span className="logo-mark">
        <SpriteIcon name="sparkles" className="size-4" />
      </span>
      <span className="text-base">{brand}</span>
    </Link>
  );
}
