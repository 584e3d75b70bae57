import { RefreshCcw as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const RefreshCcw: LucideIcon = (props) => renderIcon(node, props);
