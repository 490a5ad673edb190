import {
  ArrowLeft,
  ArrowRight,
  Award,
  Calendar,
  ChartLine,
  Check,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  Clock,
  Compass,
  CreditCard,
  FileText,
  Funnel,
  GraduationCap,
  Heart,
  Info,
  Leaf,
  Link,
  Mail,
  MapPin,
  Menu,
  MessageSquare,
  Monitor,
  Moon,
  Pill,
  RefreshCw,
  Search,
  ShieldCheck,
  Sparkle,
  Star,
  Sun,
  User,
  Users,
  Video,
  X,
  type IconNode,
} from 'lucide';
import { createElement, type SVGProps } from 'react';

/**
 * The UI kit's icons: Lucide's drawings (the `lucide` package's icon data, ISC licence) under names
 * that say what they show here, drawn by `Icon` as 24×24 strokes. The data alone, not
 * `lucide-react`: its renderer carries a table of every SVG attribute (~3 KB gzipped) into the
 * landing page, whose budget has less than 5 KB left. Decorative (`aria-hidden`) unless the caller
 * says otherwise.
 */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Icon({ node, size = 20, ...props }: IconProps & { node: IconNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}

/** An icon component drawing `node`. */
export function sized(node: IconNode) {
  return (props: IconProps) => <Icon node={node} {...props} />;
}

export const LeafIcon = /* @__PURE__ */ sized(Leaf);
export const SunIcon = /* @__PURE__ */ sized(Sun);
export const MoonIcon = /* @__PURE__ */ sized(Moon);
export const MonitorIcon = /* @__PURE__ */ sized(Monitor);
export const MenuIcon = /* @__PURE__ */ sized(Menu);
export const CloseIcon = /* @__PURE__ */ sized(X);
export const CheckIcon = /* @__PURE__ */ sized(Check);
export const ChevronDownIcon = /* @__PURE__ */ sized(ChevronDown);
export const MapPinIcon = /* @__PURE__ */ sized(MapPin);
/** A filled star (ratings). */
export const StarIcon = (props: IconProps) => <Icon node={Star} fill="currentColor" strokeWidth={1} {...props} />;
export const SearchIcon = /* @__PURE__ */ sized(Search);
export const UsersIcon = /* @__PURE__ */ sized(Users);
export const ClockIcon = /* @__PURE__ */ sized(Clock);
export const HeartIcon = /* @__PURE__ */ sized(Heart);
export const ShieldIcon = /* @__PURE__ */ sized(ShieldCheck);
export const SparkIcon = /* @__PURE__ */ sized(Sparkle);
export const MailIcon = /* @__PURE__ */ sized(Mail);
export const InfoIcon = /* @__PURE__ */ sized(Info);
export const ArrowLeftIcon = /* @__PURE__ */ sized(ArrowLeft);
export const ArrowRightIcon = /* @__PURE__ */ sized(ArrowRight);
export const ChevronLeftIcon = /* @__PURE__ */ sized(ChevronLeft);
export const ChevronRightIcon = /* @__PURE__ */ sized(ChevronRight);
export const LinkIcon = /* @__PURE__ */ sized(Link);
export const MessageIcon = /* @__PURE__ */ sized(MessageSquare);
export const AwardIcon = /* @__PURE__ */ sized(Award);
export const GraduationIcon = /* @__PURE__ */ sized(GraduationCap);
export const CalendarIcon = /* @__PURE__ */ sized(Calendar);
export const FileTextIcon = /* @__PURE__ */ sized(FileText);
export const CreditCardIcon = /* @__PURE__ */ sized(CreditCard);
export const VideoIcon = /* @__PURE__ */ sized(Video);
export const UserIcon = /* @__PURE__ */ sized(User);
export const ChartIcon = /* @__PURE__ */ sized(ChartLine);
export const PillIcon = /* @__PURE__ */ sized(Pill);
export const CompassIcon = /* @__PURE__ */ sized(Compass);
export const RefreshIcon = /* @__PURE__ */ sized(RefreshCw);
export const FilterIcon = /* @__PURE__ */ sized(Funnel);
