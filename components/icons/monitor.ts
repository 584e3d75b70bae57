import { Monitor as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Monitor: LucideIcon = (props) => renderIcon(node, props);
