import { CirclePlus as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const CirclePlus: LucideIcon = (props) => renderIcon(node, props);
