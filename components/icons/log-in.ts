import { LogIn as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const LogIn: LucideIcon = (props) => renderIcon(node, props);
