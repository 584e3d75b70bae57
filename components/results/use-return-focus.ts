"use client";

import { useRef } from "react";

/**
 * Radix dialogs return focus to their trigger when they close. The result dialogs are opened
 * from code (a tile's button), with no trigger, so these handlers remember what had focus
 * when the dialog opened and put focus back there when it closes, if it is still on the page.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus() {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus(event: Event) {
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
