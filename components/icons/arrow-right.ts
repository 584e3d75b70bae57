import { ArrowRight as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const ArrowRight: LucideIcon = (props) => renderIcon(node, props);
