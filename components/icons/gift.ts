import { Gift as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Gift: LucideIcon = (props) => renderIcon(node, props);
