"use client";

import { useRouter } from "next/navigation";

/**
 * The links of a server-rendered list, followed within the app as Link follows them (no full
 * page load), by one listener for the whole list: a Link each made every card or tile a client
 * component more in every render of /dashboard and /activity (issue 16). Clicks that open a
 * new tab or window, links with a target or a download, and other sites' links stay the browser's.
 */
export function InAppLinks({ className, children }: { className?: string; children: React.ReactNode }) {
  const router = useRouter();

  function onClick(event: React.MouseEvent) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link || link.target || link.hasAttribute("download") || link.origin !== window.location.origin) return;
    event.preventDefault();
    router.push(`${link.pathname}${link.search}${link.hash}`);
  }

  return (
    <div className={className} onClick={onClick}>
      {children}
    </div>
  );
}
