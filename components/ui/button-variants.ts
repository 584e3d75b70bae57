import { cva } from "class-variance-authority";

/*
 * The classes are defined in globals.css (`@layer components`): a button's Tailwind utilities
 * spelled out in every page's HTML, and again in the React payload it hydrates from, were
 * several kilobytes of each page (issue 16). A `className` given here still wins over them,
 * as utilities come after components in the cascade. A module apart from <Button>, so that code
 * styling a plain element as a button does not bring along <Button>'s Slot.
 */
export const buttonVariants = cva("btn", {
  variants: {
    variant: {
      default: "btn-default",
      brand: "btn-brand",
      destructive: "btn-destructive",
      outline: "btn-outline",
      secondary: "btn-secondary",
      ghost: "btn-ghost",
      link: "btn-link",
    },
    size: {
      default: "btn-md",
      sm: "btn-sm",
      lg: "btn-lg",
      icon: "btn-icon",
    },
  },
  defaultVariants: { variant: "default", size: "default" },
});
