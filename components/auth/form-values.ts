/** A text field of a submitted form ("" when missing), for building an action's input. */
export function textField(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}
