import type { ClientNamespace } from "@/lib/i18n/pick-messages";

/*
 * What the client components of each per-request page translate (issue 16): a page's HTML carries
 * its client messages, and the whole catalogue is about 46 KB. The site's chrome gets
 * siteChromeNamespaces from the root layout; each page, or a layout wrapping a group of pages,
 * adds its own with <ClientMessages>, which leaves out what the chrome sends already.
 * tests/unit/i18n-client-namespaces.test.ts walks each one's imports and fails when a client
 * component reads a message the chrome and its list leave out.
 */

/** The add-credits dialog and every checkout button, wherever they appear. */
const checkoutLauncher = ["credits", "checkout.errorTitle", "checkout.notConfigured", "checkout.redirecting", "checkout.redirectingText"];
/** The failure of a server action is shown with t(result.error): an ActionErrorKey (lib/actions/safe-action.ts). */
const actionErrors = ["errors", "auth.errors"];
/** The result tiles with their lightbox, edit (a failed edit says its reason), delete and download (gallery, results pages). */
const resultImages = ["results", "download", "categories", "editDialog", "lightbox", "generation.loading.edit", "generation.errors"];
/** The dashboard's result tiles: viewer, delete and download, without editing (components/results/results-grid.tsx). */
const viewOnlyResultImages = ["results.unavailable", "results.toasts", "results.deleteDialog", "download", "lightbox"];
/** A generation's loading page and its failure and refund. */
const generationProgress = ["generation.errors", "generation.failure", "generation.loading", "orders"];

/**
 * The chrome of a signed-out visitor (header menus, cookie banner), all the prerendered pages'
 * layout sends: their HTML would more than double with every message. The sign-in page adds its
 * own (components/auth/sign-in-page.tsx).
 */
export const signedOutChromeNamespaces: readonly ClientNamespace[] = ["header", "language", "theme", "consent"];

/** The chrome of every per-request page, with the user's menus and dialogs (app/dynamic-root-layout.tsx). */
export const siteChromeNamespaces: readonly ClientNamespace[] = [
  ...signedOutChromeNamespaces,
  "userMenu",
  "welcome",
  "auth.toasts",
  "privacy.menuItem",
  ...checkoutLauncher,
  ...actionErrors,
];

/**
 * What each route adds to siteChromeNamespaces (a namespace the chrome sends whole is not
 * listed again), keyed by the file (under app/, without .tsx) that hands them to <ClientMessages>.
 */
export const routeClientNamespaces = {
  "(app)/dashboard/page": viewOnlyResultImages,
  "(app)/activity/page": ["results.unavailable"],
  "(app)/gallery/[id]/layout": ["gallery", ...resultImages],
  "(app)/[tool]/layout": ["flows", "catalog", "upload", ...generationProgress, ...resultImages],
  "(app)/headshot-pro/layout": ["flows", "catalog", "upload", "checkout.return", ...generationProgress, ...resultImages],
  "(app)/checkout/test/[purchaseId]/page": ["checkout"],
  "(app)/privacy/page": ["privacy"],
  "(app)/subscription/page": ["subscription", "plans", "categories", "checkout", "orders.checkoutCancelled", "flows.common"],
  "(app)/subscription/manage/page": ["subscription"],
  "(auth)/auth/layout": ["auth"],
} satisfies Record<string, readonly ClientNamespace[]>;

export type ClientNamespacesRoute = keyof typeof routeClientNamespaces;

/**
 * What a route adds only for the requests that need it, in a <ClientMessages> of its own around
 * the component that reads it: /activity has a payment to report on only with ?session_id=, and
 * the banner's texts would otherwise travel on every visit (issue 16).
 */
export const routeOnDemandNamespaces = {
  "(app)/activity/page": ["checkout.return"],
} satisfies Partial<Record<ClientNamespacesRoute, readonly ClientNamespace[]>>;
