import type { LucideIcon } from "@/components/icons/render-icon";
import { cn } from "@/lib/utils";

/** One titled block of the privacy page; the danger tone marks what cannot be undone. */
export function PrivacySection({
  icon: Icon,
  title,
  tone = "default",
  testId,
  children,
}: {
  icon: LucideIcon;
  title: string;
  tone?: "default" | "danger";
  testId: string;
  children: React.ReactNode;
}) {
  const headingId = `${testId}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className={cn("space-y-3 rounded-xl border p-5 text-sm", tone === "danger" && "border-destructive/40 bg-destructive/5")}
    >
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <Icon className={cn("size-5", tone === "danger" ? "text-destructive" : "text-muted-foreground")} aria-hidden="true" />
        {title}
      </h2>
      <div className="space-y-3 text-muted-foreground">{children}</div>
    </section>
  );
}
