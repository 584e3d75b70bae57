"use client";

import { useEffect, useState } from "react";

/**
 * A dialog kept out of the page's first load (issue 16): its code (`load`, the module's
 * import) is fetched once the page is interactive, it mounts the first time it opens and then
 * stays, so it closes and hands focus back like any dialog. Without `load` (a page that has no
 * such dialog) nothing is fetched. Returns whether to render the dialog.
 */
export function useLazyDialog(load: (() => Promise<unknown>) | undefined, open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Adjusting state while rendering, React's pattern for state derived from a change.
  if (open && !opened) setOpened(true);

  useEffect(() => {
    if (load) void load();
  }, [load]);

  return load !== undefined && (opened || open);
}
