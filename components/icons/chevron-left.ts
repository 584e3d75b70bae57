import { ChevronLeft as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const ChevronLeft: LucideIcon = (props) => renderIcon(node, props);
