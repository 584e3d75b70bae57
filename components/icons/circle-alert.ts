import { CircleAlert as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const CircleAlert: LucideIcon = (props) => renderIcon(node, props);
