import { Trash as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Trash: LucideIcon = (props) => renderIcon(node, props);
