import { Languages as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Languages: LucideIcon = (props) => renderIcon(node, props);
