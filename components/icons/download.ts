import { Download as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Download: LucideIcon = (props) => renderIcon(node, props);
