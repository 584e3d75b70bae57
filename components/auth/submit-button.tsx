"use client";

import { useFormStatus } from "react-dom";
import { LoaderCircle as Loader2 } from "@/components/icons/loader-circle";
import { Button } from "@/components/ui/button";

/** The form's submit button: disabled with a spinner while its action runs. */
export function SubmitButton({
  children,
  variant = "brand",
  className,
  ...props
}: React.ComponentProps<typeof Button>) {
  const { pending } = useFormStatus();
  return (
    <Button type="submit" variant={variant} disabled={pending} aria-busy={pending} className={className} {...props}>
      {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
      {children}
    </Button>
  );
}
