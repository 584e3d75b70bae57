import { Settings2 as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Settings2: LucideIcon = (props) => renderIcon(node, props);
