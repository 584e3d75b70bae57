import Link from "next/link";
import { ArrowLeft } from "@/components/icons/arrow-left";
import type { LucideIcon } from "@/components/icons/render-icon";
import { Button } from "@/components/ui/button";

/** The gallery's states without images: not found, not complete, no results, failed to load. */
export function GalleryMessage({
  icon: Icon,
  title,
  children,
  backLabel,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  children?: React.ReactNode;
  backLabel?: string;
  testId: string;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center" data-testid={testId}>
      <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {children ? <div className="space-y-2 text-muted-foreground">{children}</div> : null}
      {backLabel ? (
        <Button asChild variant="outline" className="mt-2">
          <Link href="/activity" data-testid="gallery-back">
            <ArrowLeft className="rtl:rotate-180" aria-hidden="true" />
            {backLabel}
          </Link>
        </Button>
      ) : null}
    </div>
  );
}
