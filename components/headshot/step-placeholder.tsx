/** What a step shows before its draft is read from storage (or while it redirects). */
export function StepPlaceholder() {
  return <div className="h-96 animate-pulse rounded-2xl bg-muted/50" aria-hidden="true" />;
}
