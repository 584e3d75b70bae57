import { PenLine as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const PenLine: LucideIcon = (props) => renderIcon(node, props);
