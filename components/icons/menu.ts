import { Menu as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Menu: LucideIcon = (props) => renderIcon(node, props);
