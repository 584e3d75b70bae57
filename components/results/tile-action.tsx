import type { SpriteIconName } from "@/components/layout/icon-sprite-shapes";
import { SpriteIcon } from "@/components/layout/sprite-icon";
import { BlockedActionHint } from "./blocked-action-hint";

/** What a tile's button asks the gallery to do (results-grid-controller.tsx listens for them). */
export type TileActionName = "download" | "edit" | "delete";

/**
 * The action's name above it, in CSS (globals.css, `.tile-action-tooltip`; no tooltip library in
 * the page's JS, issue 16). It opens towards the tile's middle, as the toolbar sits in its
 * bottom-left corner, so the tile's rounded clip never cuts it.
 */
function ActionTooltip({ id, children }: { id?: string; children: React.ReactNode }) {
  return (
    <span id={id} role="tooltip" className="tile-action-tooltip">
      {children}
    </span>
  );
}

/**
 * One round button on an image tile, with its name as a tooltip. Rendered on the server: a click
 * reaches the gallery's one client controller through `data-tile-action` (issue 16), which also
 * marks focus a pointer gave (no tooltip then). With `blockedHint` it is greyed out but stays
 * focusable: the tooltip (pointer, keyboard focus) and a screen reader's description say why, and
 * a click, tap or Enter opens the hint with a way out (issue 19), a native popover: shown in the
 * top layer above the tile's clip, closed by Escape or a click elsewhere, next in the tab order
 * after its button.
 */
export function TileAction({
  id,
  action,
  icon,
  label,
  tooltip,
  blockedHint,
  destructive,
}: {
  /** Unique on the page: the described tooltip's and the hint's ids start with it. */
  id: string;
  action: TileActionName;
  /** Drawn from the sprite: inline, its shapes were in the HTML and the payload of every tile. */
  icon: SpriteIconName;
  label: string;
  tooltip?: string;
  blockedHint?: React.ReactNode;
  destructive?: boolean;
}) {
  const tooltipId = `${id}-tooltip`;
  const iconElement = <SpriteIcon name={icon} className="size-4" />;

  if (blockedHint) {
    const hintId = `${id}-hint`;
    // The popover is placed at its button where the browser can anchor it (elsewhere: centred).
    const anchorName = `--${id}`;
    return (
      <>
        <span className="tile-action">
          <button
            type="button"
            aria-label={label}
            aria-disabled="true"
            aria-describedby={tooltipId}
            popoverTarget={hintId}
            data-testid={`result-${action}`}
            style={{ anchorName }}
            className="tile-action-button cursor-not-allowed opacity-45"
          >
            {iconElement}
          </button>
          <ActionTooltip id={tooltipId}>{tooltip ?? label}</ActionTooltip>
        </span>
        {/* Outside the tooltip's group: pointing at the hint does not bring the tooltip back. */}
        <BlockedActionHint id={hintId} anchorName={anchorName} testId={`result-${action}-hint`}>
          {blockedHint}
        </BlockedActionHint>
      </>
    );
  }

  return (
    <span className="tile-action">
      <button
        type="button"
        data-tile-action={action}
        aria-label={label}
        aria-describedby={tooltip ? tooltipId : undefined}
        data-testid={`result-${action}`}
        className={destructive ? "tile-action-button hover:bg-red-600/90" : "tile-action-button hover:bg-black/75"}
      >
        {iconElement}
      </button>
      {/* Only a tooltip that says more than the label describes the button, and needs an id. */}
      <ActionTooltip id={tooltip ? tooltipId : undefined}>{tooltip ?? label}</ActionTooltip>
    </span>
  );
}
