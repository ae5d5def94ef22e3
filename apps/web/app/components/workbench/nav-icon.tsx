import {
  AudioLinesIcon,
  AudioWaveformIcon,
  BadgeDollarSignIcon,
  CaptionsIcon,
  CircleUserIcon,
  CrownIcon,
  EraserIcon,
  FileAudioIcon,
  HomeIcon,
  LanguagesIcon,
  LibraryIcon,
  MicIcon,
  ScanFaceIcon,
  ScanTextIcon,
  SparklesIcon,
  SpeechIcon,
  TypeIcon,
  UsersIcon,
  type LucideProps,
} from "lucide-react";
import type { NavIcon as NavIconName } from "../../lib/workbench-nav";

const ICONS = {
  home: HomeIcon,
  text: TypeIcon,
  speech: SpeechIcon,
  clone: MicIcon,
  library: LibraryIcon,
  translate: LanguagesIcon,
  translatePro: FileAudioIcon,
  dubbing: AudioLinesIcon,
  dubbingPro: UsersIcon,
  avatar: ScanFaceIcon,
  tools: SparklesIcon,
  erase: EraserIcon,
  subtitles: ScanTextIcon,
  stems: AudioWaveformIcon,
  burnIn: CaptionsIcon,
  plan: CrownIcon,
  pricing: BadgeDollarSignIcon,
  account: CircleUserIcon,
} as const satisfies Record<NavIconName, unknown>;

export function NavIcon({ name, ...props }: LucideProps & { name: NavIconName }) {
  const Icon = ICONS[name];
  return <Icon aria-hidden="true" {...props} />;
}
