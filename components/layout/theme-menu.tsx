"use client";

import { DeferredPopup, lazyPopup, type PopupTriggerProps } from "./deferred-popup";

const popup = lazyPopup(() => import("./theme-menu-popup").then((module) => module.ThemeMenuPopup));

export function ThemeMenu(props: PopupTriggerProps) {
  return <DeferredPopup popup={popup} props={props} />;
}
