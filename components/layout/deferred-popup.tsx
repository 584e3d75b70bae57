"use client";

import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from "react";

/** The trigger button's look, worked out on the server so this file needs no styling code. */
export interface PopupTrigger {
  "aria-label": string;
  "aria-haspopup": "menu" | "dialog";
  "data-testid": string;
  className: string;
}

/** What every deferred popup gets: its trigger, and the trigger's content (icons rendered on the server). */
export interface PopupTriggerProps {
  trigger: PopupTrigger;
  children: ReactNode;
}

export interface LazyPopup<Props extends PopupTriggerProps> {
  Component: LazyExoticComponent<ComponentType<Props>>;
  preload(): void;
}

/**
 * A popup (menu, sheet) whose code is only fetched once someone reaches for it: its component
 * mounts open, with its own trigger in place of the stand-in.
 */
export function lazyPopup<Props extends PopupTriggerProps>(load: () => Promise<ComponentType<Props>>): LazyPopup<Props> {
  return {
    Component: lazy(() => load().then((component) => ({ default: component }))),
    // The bundler caches the import, so preloading and the later render fetch the code once.
    preload: () => void load().catch(() => undefined),
  };
}

/**
 * The header's menus and the mobile sheet are closed on first paint, and their code (radix
 * menus, focus management, positioning) is most of what the header would cost every page.
 * Until first use a plain button of the same look stands in: pointing at it or focusing it
 * fetches the popup, activating it (click, Enter, Space, or ArrowDown on a menu) mounts the
 * popup already open. From then on the popup's own trigger works as usual.
 */
export function DeferredPopup<Props extends PopupTriggerProps>({ popup, props }: { popup: LazyPopup<Props>; props: Props }) {
  const [active, setActive] = useState(false);
  const standIn = (
    <button
      type="button"
      {...props.trigger}
      aria-expanded={false}
      onPointerEnter={popup.preload}
      onFocus={popup.preload}
      onClick={() => setActive(true)}
      onKeyDown={(event) => {
        if (event.key !== "ArrowDown" || props.trigger["aria-haspopup"] !== "menu") return;
        event.preventDefault();
        setActive(true);
      }}
    >
      {props.children}
    </button>
  );
  if (!active) return standIn;
  return (
    <Suspense fallback={standIn}>
      <popup.Component {...props} />
    </Suspense>
  );
}
