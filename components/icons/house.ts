import { House as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const House: LucideIcon = (props) => renderIcon(node, props);
