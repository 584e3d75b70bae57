import { Tag as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Tag: LucideIcon = (props) => renderIcon(node, props);
