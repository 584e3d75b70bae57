import { LogOut as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const LogOut: LucideIcon = (props) => renderIcon(node, props);
