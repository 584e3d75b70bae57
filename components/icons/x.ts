import { X as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const X: LucideIcon = (props) => renderIcon(node, props);
