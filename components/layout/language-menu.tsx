"use client";

import { DeferredPopup, lazyPopup, type PopupTriggerProps } from "./deferred-popup";

const popup = lazyPopup(() => import("./language-menu-popup").then((module) => module.LanguageMenuPopup));

export function LanguageMenu(props: PopupTriggerProps) {
  return <DeferredPopup popup={popup} props={props} />;
}
