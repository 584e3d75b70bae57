/**
 * sonner's `toast`, whose code loads on its first use: importing sonner itself would put its
 * whole toaster (about 10 KB gzipped) in the first-load JS of every page (issue #16). The lazy
 * Toaster in Providers loads the same module after hydration, so it is usually there already.
 */
type SonnerToast = typeof import("sonner").toast;
type ToastArguments = Parameters<SonnerToast["success"]>;

function deferred(kind: "success" | "error" | "info") {
  return (...args: ToastArguments): void => {
    void import("sonner").then(({ toast }) => {
      toast[kind](...args);
    });
  };
}

export const toast = { success: deferred("success"), error: deferred("error"), info: deferred("info") };
