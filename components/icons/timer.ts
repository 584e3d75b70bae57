import { Timer as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Timer: LucideIcon = (props) => renderIcon(node, props);
