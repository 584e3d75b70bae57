import { useFailureReason } from "@/components/generation/use-failure-reason";

/** A failed generation's translated reason and, under it, the image service's own message. */
export function FailureReason({ errorKey, errorDetail }: { errorKey: string | null; errorDetail: string | null }) {
  const reason = useFailureReason(errorKey);
  if (!reason) return null;
  return (
    <p className="break-words text-foreground" data-testid="gallery-failure-reason">
      {reason}
      {errorDetail ? <span className="block text-sm text-muted-foreground">{errorDetail}</span> : null}
    </p>
  );
}
