import { WifiOff as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const WifiOff: LucideIcon = (props) => renderIcon(node, props);
