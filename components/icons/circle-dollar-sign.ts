import { CircleDollarSign as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const CircleDollarSign: LucideIcon = (props) => renderIcon(node, props);
