/**
 * The 404 above the root layouts: Next.js (built with Turbopack) puts the root's not-found both
 * at the root and at each route group's root, and every page carries both in its inline payload,
 * whether shown or not. Its built-in one is 1.1 KB of inline styles each time (issue 16); this is
 * the same "404" without them. It can only show when a page calls notFound() during a client-side
 * navigation with no boundary of its own (none of the app's links lead there): addresses the
 * server answers as unknown get app/global-not-found.tsx, in the visitor's language.
 * No translations here: they would read the request and end the pages' prerendering.
 */
export default function RootNotFound() {
  return <p className="grid min-h-dvh place-content-center text-4xl font-bold">404</p>;
}
