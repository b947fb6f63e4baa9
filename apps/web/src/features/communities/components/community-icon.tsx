import {
  BookOpen,
  Bot,
  Brain,
  Briefcase,
  Building2,
  Camera,
  ChartBar,
  ChartColumn,
  ChartLine,
  Cloud,
  Code,
  Cpu,
  Database,
  Globe,
  GraduationCap,
  Handshake,
  HeartPulse,
  Landmark,
  Layers,
  Leaf,
  Lightbulb,
  Megaphone,
  MessageSquare,
  MessagesSquare,
  Network,
  Palette,
  PenTool,
  Rocket,
  Scale,
  Server,
  Shield,
  Smartphone,
  Sparkles,
  Terminal,
  TrendingUp,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';

/**
 * Icons a community may name (lucide names). A fixed map keeps the bundle small;
 * unknown names fall back to a people icon.
 */
const ICONS: Record<string, LucideIcon> = {
  'bar-chart': ChartBar,
  'bar-chart-3': ChartColumn,
  'chart-column': ChartColumn,
  'book-open': BookOpen,
  bot: Bot,
  brain: Brain,
  briefcase: Briefcase,
  'building-2': Building2,
  building: Building2,
  camera: Camera,
  'chart-bar': ChartBar,
  'chart-line': ChartLine,
  cloud: Cloud,
  code: Code,
  cpu: Cpu,
  database: Database,
  globe: Globe,
  'graduation-cap': GraduationCap,
  handshake: Handshake,
  'heart-pulse': HeartPulse,
  landmark: Landmark,
  layers: Layers,
  leaf: Leaf,
  lightbulb: Lightbulb,
  megaphone: Megaphone,
  'message-square': MessageSquare,
  'messages-square': MessagesSquare,
  network: Network,
  palette: Palette,
  'pen-tool': PenTool,
  rocket: Rocket,
  scale: Scale,
  server: Server,
  shield: Shield,
  'shield-check': Shield,
  smartphone: Smartphone,
  sparkles: Sparkles,
  terminal: Terminal,
  'trending-up': TrendingUp,
  users: Users,
  wrench: Wrench,
};

function normalise(name: string): string {
  // Accept "Code", "GraduationCap" and "graduation_cap" as well as "graduation-cap".
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[_\s]+/g, '-')
    .toLowerCase();
}

export function CommunityIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[normalise(name)] ?? Users;
  return <Icon aria-hidden="true" className={className} />;
}
