import { Eye as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Eye: LucideIcon = (props) => renderIcon(node, props);
