import { createElement, type ComponentProps, type ReactElement } from "react";
import type { IconNode } from "lucide";

/*
 * Lucide's icons as plain <svg> elements, one module an icon beside this one. lucide-react's
 * icons are client components, so each one on a page cost its markup in the HTML plus a client
 * reference and its icon data in the React payload (issue 16). Without "use client" these render
 * on the server when a server component uses them and in the browser when a client component
 * does. They are imported one module each, not through a shared index, because a bundle takes a
 * whole module: through one index every client bundle with an icon carried every client icon.
 */

export type IconProps = ComponentProps<"svg">;
export type LucideIcon = (props: IconProps) => ReactElement;

/** Like lucide-react, an icon nobody labelled is hidden from assistive technology. */
function isLabelled(props: IconProps) {
  return Object.entries(props).some(
    ([name, value]) => value != null && (name.startsWith("aria-") || name === "role" || name === "title"),
  );
}

/**
 * One of Lucide's shapes as a plain <svg>. The stroke, fill and default size every icon shares
 * are the `lucide` class in globals.css instead of attributes on each <svg>.
 */
export function renderIcon(node: IconNode, { className, ...props }: IconProps) {
  return createElement(
    "svg",
    {
      viewBox: "0 0 24 24",
      className: className ? `lucide ${className}` : "lucide",
      "aria-hidden": isLabelled(props) ? undefined : true,
      ...props,
    },
    ...node.map(([tag, attributes]) => createElement(tag, attributes)),
  );
}
