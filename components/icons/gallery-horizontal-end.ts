import { GalleryHorizontalEnd as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const GalleryHorizontalEnd: LucideIcon = (props) => renderIcon(node, props);
