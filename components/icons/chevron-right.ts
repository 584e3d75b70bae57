import { ChevronRight as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const ChevronRight: LucideIcon = (props) => renderIcon(node, props);
