import { ArrowLeft as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const ArrowLeft: LucideIcon = (props) => renderIcon(node, props);
