import { Coins as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Coins: LucideIcon = (props) => renderIcon(node, props);
