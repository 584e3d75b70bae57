import { FlaskConical as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const FlaskConical: LucideIcon = (props) => renderIcon(node, props);
