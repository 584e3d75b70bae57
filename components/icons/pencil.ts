import { Pencil as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Pencil: LucideIcon = (props) => renderIcon(node, props);
