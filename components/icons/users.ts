import { Users as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Users: LucideIcon = (props) => renderIcon(node, props);
