"use client";

import { useRouter } from "next/navigation";

/** A link of the list that the app follows itself: same site, no target, no download. */
function inAppLink(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest("a") : null;
  if (!link || link.target || link.hasAttribute("download") || link.origin !== window.location.origin) return null;
  return link;
}

const addressOf = (link: HTMLAnchorElement) => `${link.pathname}${link.search}${link.hash}`;

/**
 * The links of a server-rendered list, followed within the app as Link follows them (no full
 * page load), by one listener for the whole list: a Link each made every card or tile a client
 * component more in every render of /dashboard and /activity (issue 16). Clicks that open a
 * new tab or window, links with a target or a download, and other sites' links stay the browser's.
 * A link is prefetched when the pointer comes over it or it gets the focus, as Link does on hover.
 */
export function InAppLinks({ className, children }: { className?: string; children: React.ReactNode }) {
  const router = useRouter();

  function onClick(event: React.MouseEvent) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = inAppLink(event.target);
    if (!link) return;
    event.preventDefault();
    router.push(addressOf(link));
  }

  function prefetch(event: React.SyntheticEvent) {
    const link = inAppLink(event.target);
    // The router fetches each address once, however often it is asked.
    if (link) router.prefetch(addressOf(link));
  }

  return (
    <div className={className} onClick={onClick} onPointerOver={prefetch} onFocus={prefetch}>
      {children}
    </div>
  );
}
