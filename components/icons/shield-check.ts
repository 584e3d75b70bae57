import { ShieldCheck as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const ShieldCheck: LucideIcon = (props) => renderIcon(node, props);
