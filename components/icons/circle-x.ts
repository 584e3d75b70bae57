import { CircleX as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const CircleX: LucideIcon = (props) => renderIcon(node, props);
