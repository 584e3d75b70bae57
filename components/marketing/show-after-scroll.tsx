"use client";

import { useEffect, useState } from "react";

/**
 * Marks itself `data-visible="true"` once the visitor has scrolled past half a screen; its
 * classes (from the server) do the showing, so this is the only code the call to action needs.
 */
export function ShowAfterScroll(props: React.ComponentProps<"div">) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > window.innerHeight / 2);
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, []);

  return <div {...props} data-visible={visible} />;
}
