import { Crown as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Crown: LucideIcon = (props) => renderIcon(node, props);
