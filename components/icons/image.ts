import { Image as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Image: LucideIcon = (props) => renderIcon(node, props);
