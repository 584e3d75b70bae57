"use client";

import { useState } from "react";

/**
 * `value` while `hold` is false; while it is true, the last value seen before. The loading bar
 * stands still while the connection is lost instead of climbing on guesswork (issue 19).
 */
export function useHeldValue<Value>(value: Value, hold: boolean): Value {
  const [held, setHeld] = useState(value);
  // Remembered during render (React's pattern for state derived from props), never while held.
  if (!hold && !Object.is(held, value)) setHeld(value);
  return hold ? held : value;
}
