import { CircleCheck as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const CircleCheck: LucideIcon = (props) => renderIcon(node, props);
