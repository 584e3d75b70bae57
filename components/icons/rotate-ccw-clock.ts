import { RotateCcwClock as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const RotateCcwClock: LucideIcon = (props) => renderIcon(node, props);
