import { RefreshCw as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const RefreshCw: LucideIcon = (props) => renderIcon(node, props);
