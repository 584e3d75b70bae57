"use client";

import { useAddCredits } from "./add-credits-provider";

/** A button that opens the Add Credits dialog (the header's credits badge for active subscribers). */
export function OpenAddCreditsButton(props: Omit<React.ComponentProps<"button">, "onClick" | "type">) {
  const addCredits = useAddCredits();
  return <button type="button" {...props} onClick={() => addCredits?.openAddCredits()} />;
}
