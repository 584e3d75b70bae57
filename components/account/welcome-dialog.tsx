"use client";

import { lazy, Suspense, useState, useSyncExternalStore } from "react";

// Shown once per account and browser, so its code loads only when it is about to show.
const WelcomeDialogContent = lazy(() =>
  import("./welcome-dialog-content").then((module) => ({ default: module.WelcomeDialogContent })),
);

/** Spec §3 browser storage key: the welcome dialog shows once per browser. */
const shownKey = "hasShownWelcome";

function claimFirstShowing(): boolean {
  try {
    if (window.localStorage.getItem(shownKey)) return false;
    window.localStorage.setItem(shownKey, "true");
    return true;
  } catch {
    // Without storage we cannot remember it, so better not to show it on every page.
    return false;
  }
}

/** Decided once per page load, so a remount of the layout cannot show the dialog again. */
let showWelcome: boolean | undefined;
const readShowWelcome = () => (showWelcome ??= claimFirstShowing());
// The server cannot see localStorage: it renders the dialog closed and the browser decides.
const readOnServer = () => false;
const subscribe = () => () => {};

/** The "Congratulations" dialog for an account that got its welcome credits moments ago. */
export function WelcomeDialog({ credits }: { credits: number }) {
  const shouldShow = useSyncExternalStore(subscribe, readShowWelcome, readOnServer);
  const [dismissed, setDismissed] = useState(false);
  if (!shouldShow) return null;

  function close() {
    showWelcome = false;
    setDismissed(true);
  }

  return (
    <Suspense fallback={null}>
      <WelcomeDialogContent credits={credits} open={!dismissed} onClose={close} />
    </Suspense>
  );
}
