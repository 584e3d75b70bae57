import { TrendingUp as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const TrendingUp: LucideIcon = (props) => renderIcon(node, props);
