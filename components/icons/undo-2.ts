import { Undo2 as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Undo2: LucideIcon = (props) => renderIcon(node, props);
