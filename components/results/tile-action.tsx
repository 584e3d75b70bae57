"use client";

import { useId } from "react";
import type { LucideIcon } from "lucide-react";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";

const actionClass =
  "inline-flex size-9 items-center justify-center rounded-full bg-black/55 text-white backdrop-blur-sm transition-colors outline-none hover:bg-black/75 focus-visible:ring-[3px] focus-visible:ring-white/70 disabled:pointer-events-none disabled:opacity-45";

/**
 * One round button on an image tile, with its name as a tooltip. With `blockedHint` it is
 * greyed out but stays focusable: the tooltip (pointer, keyboard focus) and a screen reader's
 * description say why, and a click, tap or Enter opens the hint with a way out (issue 19).
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
  const reasonId = useId();
  const icon = <Icon className="size-4" aria-hidden="true" />;

  if (blockedHint) {
    return (
      <Popover>
        <Tooltip>
          <TooltipTrigger asChild>
            <PopoverTrigger asChild>
              <button
                type="button"
                aria-label={label}
                aria-disabled="true"
                aria-describedby={reasonId}
                data-testid={testId}
                className={cn(actionClass, "cursor-not-allowed opacity-45 hover:bg-black/55")}
              >
                {icon}
                <span id={reasonId} className="sr-only">
                  {tooltip}
                </span>
              </button>
            </PopoverTrigger>
          </TooltipTrigger>
          <TooltipContent>{tooltip ?? label}</TooltipContent>
        </Tooltip>
        <PopoverContent side="top" data-testid={`${testId}-hint`}>
          {blockedHint}
        </PopoverContent>
      </Popover>
    );
  }

  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* A disabled button gets no hover; the wrapper keeps the tooltip explaining why. */}
        <span className="inline-flex" tabIndex={disabled ? 0 : undefined}>
          <button
            type="button"
            onClick={onClick}
            disabled={disabled}
            aria-label={label}
            data-testid={testId}
            className={cn(actionClass, destructive && "hover:bg-red-600/90")}
          >
            {icon}
          </button>
        </span>
      </TooltipTrigger>
      <TooltipContent>{tooltip ?? label}</TooltipContent>
    </Tooltip>
  );
}
