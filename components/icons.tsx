import { createElement, type ComponentProps, type ReactElement } from "react";
import {
  type IconNode,
  ArrowLeft as arrowLeftNode,
  ArrowRight as arrowRightNode,
  BadgeCheck as badgeCheckNode,
  Check as checkNode,
  ChevronLeft as chevronLeftNode,
  ChevronRight as chevronRightNode,
  Circle as circleNode,
  CircleAlert as circleAlertNode,
  CircleCheck as circleCheckNode,
  CircleDollarSign as circleDollarSignNode,
  CirclePlus as circlePlusNode,
  CircleX as circleXNode,
  Clock as clockNode,
  Coins as coinsNode,
  Cookie as cookieNode,
  CreditCard as creditCardNode,
  Crown as crownNode,
  Download as downloadNode,
  Dumbbell as dumbbellNode,
  ExternalLink as externalLinkNode,
  Eye as eyeNode,
  EyeOff as eyeOffNode,
  FlaskConical as flaskConicalNode,
  GalleryHorizontalEnd as galleryHorizontalEndNode,
  Gift as giftNode,
  House as houseNode,
  Image as imageNode,
  ImageOff as imageOffNode,
  ImagePlus as imagePlusNode,
  Images as imagesNode,
  Info as infoNode,
  Languages as languagesNode,
  Lightbulb as lightbulbNode,
  LoaderCircle as loaderCircleNode,
  Lock as lockNode,
  LogIn as logInNode,
  LogOut as logOutNode,
  MailCheck as mailCheckNode,
  Mars as marsNode,
  Menu as menuNode,
  Monitor as monitorNode,
  MonitorSmartphone as monitorSmartphoneNode,
  Moon as moonNode,
  Package as packageNode,
  Palette as paletteNode,
  PenLine as penLineNode,
  Pencil as pencilNode,
  RefreshCcw as refreshCcwNode,
  RefreshCw as refreshCwNode,
  RotateCcw as rotateCcwNode,
  RotateCcwClock as rotateCcwClockNode,
  Scissors as scissorsNode,
  SearchX as searchXNode,
  Settings2 as settings2Node,
  ShieldCheck as shieldCheckNode,
  Sparkles as sparklesNode,
  Sun as sunNode,
  Tag as tagNode,
  Timer as timerNode,
  Trash as trashNode,
  TrendingUp as trendingUpNode,
  TriangleAlert as triangleAlertNode,
  Trophy as trophyNode,
  Undo2 as undo2Node,
  UserRound as userRoundNode,
  UserX as userXNode,
  Users as usersNode,
  Venus as venusNode,
  Wallet as walletNode,
  WandSparkles as wandSparklesNode,
  WifiOff as wifiOffNode,
  X as xNode,
} from "lucide";

/*
 * Lucide's icons as plain <svg> elements. lucide-react's icons are client components, so each one
 * on a page cost its markup in the HTML plus a client reference and its icon data in the React
 * payload (issue 16). Without "use client" these render on the server when a server component
 * uses them and in the browser when a client component does. The stroke, fill and default size
 * every icon shares are the `lucide` class in globals.css instead of attributes on each <svg>.
 */

export type IconProps = ComponentProps<"svg">;
export type LucideIcon = (props: IconProps) => ReactElement;

/** Like lucide-react, an icon nobody labelled is hidden from assistive technology. */
function isLabelled(props: IconProps) {
  return Object.entries(props).some(
    ([name, value]) => value != null && (name.startsWith("aria-") || name === "role" || name === "title"),
  );
}

function renderIcon(node: IconNode, { className, ...props }: IconProps) {
  return createElement(
    "svg",
    {
      viewBox: "0 0 24 24",
      className: className ? `lucide ${className}` : "lucide",
      "aria-hidden": isLabelled(props) ? undefined : true,
      ...props,
    },
    ...node.map(([tag, attributes]) => createElement(tag, attributes)),
  );
}

export const ArrowLeft: LucideIcon = (props) => renderIcon(arrowLeftNode, props);
export const ArrowRight: LucideIcon = (props) => renderIcon(arrowRightNode, props);
export const BadgeCheck: LucideIcon = (props) => renderIcon(badgeCheckNode, props);
export const Check: LucideIcon = (props) => renderIcon(checkNode, props);
export const ChevronLeft: LucideIcon = (props) => renderIcon(chevronLeftNode, props);
export const ChevronRight: LucideIcon = (props) => renderIcon(chevronRightNode, props);
export const Circle: LucideIcon = (props) => renderIcon(circleNode, props);
export const CircleAlert: LucideIcon = (props) => renderIcon(circleAlertNode, props);
export const CircleCheck: LucideIcon = (props) => renderIcon(circleCheckNode, props);
export const CircleDollarSign: LucideIcon = (props) => renderIcon(circleDollarSignNode, props);
export const CirclePlus: LucideIcon = (props) => renderIcon(circlePlusNode, props);
export const CircleX: LucideIcon = (props) => renderIcon(circleXNode, props);
export const Clock: LucideIcon = (props) => renderIcon(clockNode, props);
export const Coins: LucideIcon = (props) => renderIcon(coinsNode, props);
export const Cookie: LucideIcon = (props) => renderIcon(cookieNode, props);
export const CreditCard: LucideIcon = (props) => renderIcon(creditCardNode, props);
export const Crown: LucideIcon = (props) => renderIcon(crownNode, props);
export const Download: LucideIcon = (props) => renderIcon(downloadNode, props);
export const Dumbbell: LucideIcon = (props) => renderIcon(dumbbellNode, props);
export const ExternalLink: LucideIcon = (props) => renderIcon(externalLinkNode, props);
export const Eye: LucideIcon = (props) => renderIcon(eyeNode, props);
export const EyeOff: LucideIcon = (props) => renderIcon(eyeOffNode, props);
export const FlaskConical: LucideIcon = (props) => renderIcon(flaskConicalNode, props);
export const GalleryHorizontalEnd: LucideIcon = (props) => renderIcon(galleryHorizontalEndNode, props);
export const Gift: LucideIcon = (props) => renderIcon(giftNode, props);
export const House: LucideIcon = (props) => renderIcon(houseNode, props);
export const Image: LucideIcon = (props) => renderIcon(imageNode, props);
export const ImageOff: LucideIcon = (props) => renderIcon(imageOffNode, props);
export const ImagePlus: LucideIcon = (props) => renderIcon(imagePlusNode, props);
export const Images: LucideIcon = (props) => renderIcon(imagesNode, props);
export const Info: LucideIcon = (props) => renderIcon(infoNode, props);
export const Languages: LucideIcon = (props) => renderIcon(languagesNode, props);
export const Lightbulb: LucideIcon = (props) => renderIcon(lightbulbNode, props);
export const LoaderCircle: LucideIcon = (props) => renderIcon(loaderCircleNode, props);
export const Lock: LucideIcon = (props) => renderIcon(lockNode, props);
export const LogIn: LucideIcon = (props) => renderIcon(logInNode, props);
export const LogOut: LucideIcon = (props) => renderIcon(logOutNode, props);
export const MailCheck: LucideIcon = (props) => renderIcon(mailCheckNode, props);
export const Mars: LucideIcon = (props) => renderIcon(marsNode, props);
export const Menu: LucideIcon = (props) => renderIcon(menuNode, props);
export const Monitor: LucideIcon = (props) => renderIcon(monitorNode, props);
export const MonitorSmartphone: LucideIcon = (props) => renderIcon(monitorSmartphoneNode, props);
export const Moon: LucideIcon = (props) => renderIcon(moonNode, props);
export const Package: LucideIcon = (props) => renderIcon(packageNode, props);
export const Palette: LucideIcon = (props) => renderIcon(paletteNode, props);
export const PenLine: LucideIcon = (props) => renderIcon(penLineNode, props);
export const Pencil: LucideIcon = (props) => renderIcon(pencilNode, props);
export const RefreshCcw: LucideIcon = (props) => renderIcon(refreshCcwNode, props);
export const RefreshCw: LucideIcon = (props) => renderIcon(refreshCwNode, props);
export const RotateCcw: LucideIcon = (props) => renderIcon(rotateCcwNode, props);
export const RotateCcwClock: LucideIcon = (props) => renderIcon(rotateCcwClockNode, props);
export const Scissors: LucideIcon = (props) => renderIcon(scissorsNode, props);
export const SearchX: LucideIcon = (props) => renderIcon(searchXNode, props);
export const Settings2: LucideIcon = (props) => renderIcon(settings2Node, props);
export const ShieldCheck: LucideIcon = (props) => renderIcon(shieldCheckNode, props);
export const Sparkles: LucideIcon = (props) => renderIcon(sparklesNode, props);
export const Sun: LucideIcon = (props) => renderIcon(sunNode, props);
export const Tag: LucideIcon = (props) => renderIcon(tagNode, props);
export const Timer: LucideIcon = (props) => renderIcon(timerNode, props);
export const Trash: LucideIcon = (props) => renderIcon(trashNode, props);
export const TrendingUp: LucideIcon = (props) => renderIcon(trendingUpNode, props);
export const TriangleAlert: LucideIcon = (props) => renderIcon(triangleAlertNode, props);
export const Trophy: LucideIcon = (props) => renderIcon(trophyNode, props);
export const Undo2: LucideIcon = (props) => renderIcon(undo2Node, props);
export const UserRound: LucideIcon = (props) => renderIcon(userRoundNode, props);
export const UserX: LucideIcon = (props) => renderIcon(userXNode, props);
export const Users: LucideIcon = (props) => renderIcon(usersNode, props);
export const Venus: LucideIcon = (props) => renderIcon(venusNode, props);
export const Wallet: LucideIcon = (props) => renderIcon(walletNode, props);
export const WandSparkles: LucideIcon = (props) => renderIcon(wandSparklesNode, props);
export const WifiOff: LucideIcon = (props) => renderIcon(wifiOffNode, props);
export const X: LucideIcon = (props) => renderIcon(xNode, props);
