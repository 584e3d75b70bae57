import { Palette as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Palette: LucideIcon = (props) => renderIcon(node, props);
