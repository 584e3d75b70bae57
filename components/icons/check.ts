import { Check as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Check: LucideIcon = (props) => renderIcon(node, props);
