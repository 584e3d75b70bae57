import { Images as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Images: LucideIcon = (props) => renderIcon(node, props);
