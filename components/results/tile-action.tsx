"use client";

import { useId } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/utils";

const actionClass =
  "inline-flex size-9 items-center justify-center rounded-full bg-black/55 text-white backdrop-blur-sm transition-colors outline-none hover:bg-black/75 focus-visible:ring-[3px] focus-visible:ring-white/70 disabled:pointer-events-none disabled:opacity-45";

/**
 * The action's name above it while the pointer rests on it or it has keyboard focus. Plain CSS
 * (no tooltip library in the page's JS, issue 16): it opens towards the tile's middle, as the
 * toolbar sits in its bottom-left corner, so the tile's rounded clip never cuts it.
 */
function ActionTooltip({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <span
      id={id}
      role="tooltip"
      className="pointer-events-none invisible absolute bottom-full left-0 z-10 mb-2 w-max max-w-48 rounded-md bg-foreground px-3 py-1.5 text-xs text-balance text-background shadow-md group-hover/action:visible group-focus-visible/action:visible group-has-focus-visible/action:visible"
    >
      {children}
    </span>
  );
}

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
  const tooltipId = `${id}-tooltip`;
  const hintId = `${id}-hint`;
  // The popover is placed at its button where the browser can anchor it (elsewhere: centred).
  const anchorName = `--tile-action-${id.replace(/[^\w-]/g, "")}`;
  const icon = <Icon className="size-4" aria-hidden="true" />;

  if (blockedHint) {
    return (
      <>
        <span className="group/action relative inline-flex">
          <button
            type="button"
            aria-label={label}
            aria-disabled="true"
          aria-describedby={tooltipId}
            popoverTarget={hintId}
            data-testid={testId}
            style={{ anchorName }}
            className={cn(actionClass, "cursor-not-allowed opacity-45 hover:bg-black/55")}
          >
            {icon}
          </button>
          <ActionTooltip id={tooltipId}>{tooltip ?? label}</ActionTooltip>
        </span>
        {/* Outside the tooltip's group: pointing at the hint does not bring the tooltip back. */}
        <div
          id={hintId}
          popover="auto"
          data-testid={`${testId}-hint`}
          style={{ positionAnchor: anchorName }}
          className="w-72 max-w-[calc(100vw-2rem)] rounded-md border bg-popover p-4 text-popover-foreground shadow-md outline-hidden [position-area:top_span-right] [position-try-fallbacks:flip-block] supports-[position-area:top]:inset-auto supports-[position-area:top]:m-0 supports-[position-area:top]:mb-1.5"
        >
          {blockedHint}
        </div>
      </>
    );
  }

  return (
    // A disabled button gets no hover and no focus; the wrapper keeps the tooltip explaining why.
    <span className="group/action relative inline-flex" tabIndex={disabled ? 0 : undefined}>
      <button
        type="button"
        onClick={onClick}
        disabled={disabled}
        aria-label={label}
        aria-describedby={tooltip ? tooltipId : undefined}
        data-testid={testId}
        className={cn(actionClass, destructive && "hover:bg-red-600/90")}
      >
        {icon}
      </button>
      <ActionTooltip id={tooltipId}>{tooltip ?? label}</ActionTooltip>
    </span>
  );
}
