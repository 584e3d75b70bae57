import { Scissors as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Scissors: LucideIcon = (props) => renderIcon(node, props);
