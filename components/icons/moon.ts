import { Moon as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Moon: LucideIcon = (props) => renderIcon(node, props);
