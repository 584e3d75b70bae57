import { CreditCard as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const CreditCard: LucideIcon = (props) => renderIcon(node, props);
