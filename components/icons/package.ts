import { Package as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Package: LucideIcon = (props) => renderIcon(node, props);
