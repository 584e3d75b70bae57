import { Receipt as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Receipt: LucideIcon = (props) => renderIcon(node, props);
