import { Wallet as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const Wallet: LucideIcon = (props) => renderIcon(node, props);
