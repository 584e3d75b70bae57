import { UserRound as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const UserRound: LucideIcon = (props) => renderIcon(node, props);
