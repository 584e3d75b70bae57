import { ImagePlus as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const ImagePlus: LucideIcon = (props) => renderIcon(node, props);
