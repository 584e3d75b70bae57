import { Lock as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Lock: LucideIcon = (props) => renderIcon(node, props);
