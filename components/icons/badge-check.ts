import { BadgeCheck as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const BadgeCheck: LucideIcon = (props) => renderIcon(node, props);
