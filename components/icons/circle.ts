import { Circle as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Circle: LucideIcon = (props) => renderIcon(node, props);
