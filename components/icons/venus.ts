import { Venus as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Venus: LucideIcon = (props) => renderIcon(node, props);
