import Link from "next/link";
import { Image as ImageIcon } from "@/components/icons/image";
import { Sparkles } from "@/components/icons/sparkles";
import { Button } from "@/components/ui/button";

/**
 * The empty state of the dashboard and /activity (spec §2): a message and 'Start Creating'.
 * The spec's target is /, which sends a signed-in user to the dashboard's tool cards, so the
 * link goes to the tools directly.
 */
export function StartCreating({
  title,
  description,
  action,
  href,
  testId,
}: {
  title: string;
  description: string;
  action: string;
  href: string;
  testId: string;
}) {
  return (
    <div
      data-testid={testId}
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <ImageIcon className="size-6" aria-hidden="true" />
      </span>
      <p className="font-medium">{title}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{description}</p>
      <Button asChild variant="brand" className="mt-2">
        <Link href={href} data-testid="start-creating">
          <Sparkles aria-hidden="true" />
          {action}
        </Link>
      </Button>
    </div>
  );
}
