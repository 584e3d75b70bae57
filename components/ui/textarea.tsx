import * as React from "react";
import { cn } from "@/lib/utils";

function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      // The classes are in globals.css (`@layer components`), so a `className` given here wins.
      className={cn("textarea", className)}
      {...props}
    />
  );
}

export { Textarea };
