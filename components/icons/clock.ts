import { Clock as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Clock: LucideIcon = (props) => renderIcon(node, props);
