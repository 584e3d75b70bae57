import { MonitorSmartphone as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const MonitorSmartphone: LucideIcon = (props) => renderIcon(node, props);
