import { EyeOff as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const EyeOff: LucideIcon = (props) => renderIcon(node, props);
