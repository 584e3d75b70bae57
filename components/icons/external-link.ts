import { ExternalLink as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const ExternalLink: LucideIcon = (props) => renderIcon(node, props);
