"use client";

import { useId, useState } from "react";
import type { LucideIcon } from "@/components/icons/render-icon";
import { cn } from "@/lib/utils";

const actionClass =
  "inline-flex size-9 items-center justify-center rounded-full bg-black/55 text-white backdrop-blur-sm transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-white/70 disabled:pointer-events-none disabled:opacity-45";

/**
 * The action's name above it, in CSS (globals.css, `.tile-action-tooltip`; no tooltip library in
 * the page's JS, issue 16). It opens towards the tile's middle, as the toolbar sits in its
 * bottom-left corner, so the tile's rounded clip never cuts it.
 */
function ActionTooltip({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <span
      id={id}
      role="tooltip"
      className="tile-action-tooltip pointer-events-none absolute bottom-full left-0 z-10 mb-2 w-max max-w-48 rounded-md bg-foreground px-3 py-1.5 text-xs text-balance text-background shadow-md"
    >
      {children}
    </span>
  );
}

/** Marks focus a click or tap gave, which shows no tooltip (the pointer's hover does). */
const pointerFocusProps = {
  onPointerDown: (event: React.PointerEvent<HTMLElement>) => {
    event.currentTarget.dataset.pointerFocus = "";
  },
  onBlur: (event: React.FocusEvent<HTMLElement>) => {
    delete event.currentTarget.dataset.pointerFocus;
  },
};

/**
 * One round button on an image tile, with its name as a tooltip. With `blockedHint` it is
 * greyed out but stays focusable: the tooltip (pointer, keyboard focus) and a screen reader's
 * description say why, and a click, tap or Enter opens the hint with a way out (issue 19), a
 * native popover: shown in the top layer above the tile's clip, closed by Escape or a click
 * elsewhere, next in the tab order after its button.
 */
export function TileAction({
  icon: Icon,
  label,
  tooltip,
  onClick,
  disabled,
  blockedHint,
  testId,
  destructive,
}: {
  icon: LucideIcon;
  label: string;
  tooltip?: string;
  onClick(): void;
  disabled?: boolean;
  blockedHint?: React.ReactNode;
  testId: string;
  destructive?: boolean;
}) {
  const id = useId();
  // The hint's content exists only while it is open, as each tile of the page has one.
  const [hintOpen, setHintOpen] = useState(false);
  const tooltipId = `${id}-tooltip`;
  const hintId = `${id}-hint`;
  // The popover is placed at its button where the browser can anchor it (elsewhere: centred).
  const anchorName = `--tile-action-${id.replace(/[^\w-]/g, "")}`;
  const icon = <Icon className="size-4" aria-hidden="true" />;

  if (blockedHint) {
    return (
      <>
        <span className="tile-action relative inline-flex" {...pointerFocusProps}>
          <button
            type="button"
            aria-label={label}
            aria-disabled="true"
          aria-describedby={tooltipId}
            popoverTarget={hintId}
            data-testid={testId}
            style={{ anchorName }}
            className={cn(actionClass, "cursor-not-allowed opacity-45")}
          >
            {icon}
          </button>
          <ActionTooltip id={tooltipId}>{tooltip ?? label}</ActionTooltip>
        </span>
        {/* Outside the tooltip's group: pointing at the hint does not bring the tooltip back. */}
        <div
          id={hintId}
          popover="auto"
          onBeforeToggle={(event) => setHintOpen(event.newState === "open")}
          style={{ positionAnchor: anchorName }}
          className="w-72 max-w-[calc(100vw-2rem)] rounded-md border bg-popover p-4 text-popover-foreground shadow-md outline-hidden [position-area:top_span-right] [position-try-fallbacks:flip-block] supports-[position-area:top]:inset-auto supports-[position-area:top]:m-0 supports-[position-area:top]:mb-1.5"
        >
          {hintOpen ? <div data-testid={`${testId}-hint`}>{blockedHint}</div> : null}
        </div>
      </>
    );
  }

  return (
    // A disabled button gets no hover and no focus; the wrapper keeps the tooltip explaining why.
    <span className="tile-action relative inline-flex" tabIndex={disabled ? 0 : undefined} {...pointerFocusProps}>
      <button
        type="button"
        onClick={onClick}
        disabled={disabled}
        aria-label={label}
        aria-describedby={tooltip ? tooltipId : undefined}
        data-testid={testId}
        className={cn(actionClass, destructive ? "hover:bg-red-600/90" : "hover:bg-black/75")}
      >
        {icon}
      </button>
      <ActionTooltip id={tooltipId}>{tooltip ?? label}</ActionTooltip>
    </span>
  );
}
