import { Sun as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Sun: LucideIcon = (props) => renderIcon(node, props);
