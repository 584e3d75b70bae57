import { CircleAlert as AlertCircle } from "@/components/icons/circle-alert";
import { CircleCheck as CheckCircle2 } from "@/components/icons/circle-check";
import { cn } from "@/lib/utils";

/** A message about the whole form (not one field), announced when it appears. */
export function FormAlert({
  tone = "error",
  children,
  className,
}: {
  tone?: "error" | "success";
  children: React.ReactNode;
  className?: string;
}) {
  const Icon = tone === "error" ? AlertCircle : CheckCircle2;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-testid={`form-${tone}`}
      className={cn(
        "flex gap-2 rounded-lg border px-3 py-2.5 text-sm",
        tone === "error"
          ? "border-destructive/40 bg-destructive/10 text-destructive"
          : "border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300",
        className,
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid gap-2">{children}</div>
    </div>
  );
}
