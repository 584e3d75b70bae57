import { Info as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Info: LucideIcon = (props) => renderIcon(node, props);
