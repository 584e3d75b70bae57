import { SearchX as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const SearchX: LucideIcon = (props) => renderIcon(node, props);
