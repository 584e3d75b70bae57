import { RotateCcw as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const RotateCcw: LucideIcon = (props) => renderIcon(node, props);
