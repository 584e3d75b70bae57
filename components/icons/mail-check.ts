import { MailCheck as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const MailCheck: LucideIcon = (props) => renderIcon(node, props);
