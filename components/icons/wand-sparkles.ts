import { WandSparkles as node } from "lucide";
import { renderIcon, type LucideIcon } from "./render-icon";

export const WandSparkles: LucideIcon = (props) => renderIcon(node, props);
