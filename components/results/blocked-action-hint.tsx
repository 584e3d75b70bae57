"use client";

import { useState } from "react";

/**
 * The popover a greyed-out tile action opens (tile-action.tsx). Its content exists only while it
 * is open, as each tile of the page has one.
 */
export function BlockedActionHint({
  id,
  anchorName,
  testId,
  children,
}: {
  id: string;
  anchorName: string;
  testId: string;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div
      id={id}
      popover="auto"
      onBeforeToggle={(event) => setOpen(event.newState === "open")}
      style={{ positionAnchor: anchorName }}
      className="w-72 max-w-[calc(100vw-2rem)] rounded-md border bg-popover p-4 text-popover-foreground shadow-md outline-hidden [position-area:top_span-right] [position-try-fallbacks:flip-block] supports-[position-area:top]:inset-auto supports-[position-area:top]:m-0 supports-[position-area:top]:mb-1.5"
    >
      {open ? <div data-testid={testId}>{children}</div> : null}
    </div>
  );
}
