import { Cookie as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Cookie: LucideIcon = (props) => renderIcon(node, props);
