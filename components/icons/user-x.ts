import { UserX as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const UserX: LucideIcon = (props) => renderIcon(node, props);
