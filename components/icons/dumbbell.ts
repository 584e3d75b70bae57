import { Dumbbell as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Dumbbell: LucideIcon = (props) => renderIcon(node, props);
