import { TriangleAlert as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const TriangleAlert: LucideIcon = (props) => renderIcon(node, props);
