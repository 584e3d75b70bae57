import { Mars as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Mars: LucideIcon = (props) => renderIcon(node, props);
