import { LoaderCircle as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const LoaderCircle: LucideIcon = (props) => renderIcon(node, props);
