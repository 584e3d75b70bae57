import { Sparkles as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Sparkles: LucideIcon = (props) => renderIcon(node, props);
