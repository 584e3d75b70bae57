import { Lightbulb as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Lightbulb: LucideIcon = (props) => renderIcon(node, props);
