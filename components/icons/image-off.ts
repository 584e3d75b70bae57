import { ImageOff as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const ImageOff: LucideIcon = (props) => renderIcon(node, props);
