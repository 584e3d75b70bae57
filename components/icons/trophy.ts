import { Trophy as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Trophy: LucideIcon = (props) => renderIcon(node, props);
