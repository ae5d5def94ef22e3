import type { ReactNode, SVGProps } from "react";
import type { AudienceId, ToolId } from "../lib/catalog";

type IconProps = SVGProps<SVGSVGElement>;

/** Inline 24×24 stroke icons (no icon font or external assets). Decorative by default. */
function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function ArrowRightIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Icon>
  );
}

export function ArrowLeftIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </Icon>
  );
}

export function HomeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5 9.5V21h14V9.5" />
      <path d="M10 21v-6h4v6" />
    </Icon>
  );
}

export function GlobeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18" />
      <path d="M12 3a14 14 0 0 1 0 18a14 14 0 0 1 0-18z" />
    </Icon>
  );
}

const toolPaths: Record<ToolId, ReactNode> = {
  textToSpeech: (
    <>
      <path d="M4 6h10M9 6v12" />
      <path d="M17 9.5a3.5 3.5 0 0 1 0 5" />
      <path d="M19.5 7a7 7 0 0 1 0 10" />
    </>
  ),
  speechToSpeech: (
    <>
      <path d="M3 11v2M6 8v8M9 10v4" />
      <path d="M12 12h8M17 9l3 3-3 3" />
    </>
  ),
  voiceCloning: (
    <>
      <rect x="6" y="2.5" width="6" height="11" rx="3" />
      <path d="M3.5 10.5a5.5 5.5 0 0 0 11 0M9 16v4.5" />
      <path d="M19 6v6M16 9h6" />
    </>
  ),
  voiceLibrary: (
    <>
      <path d="M4 4v16M8 4v16M12 4v16" />
      <path d="m15.2 5.2 3.4-.9 3.6 13.6-3.4.9z" />
    </>
  ),
  talkingPhoto: (
    <>
      <rect x="3" y="3.5" width="18" height="17" rx="2.5" />
      <path d="M9 10h.01M15 10h.01" />
      <path d="M8.5 14.5c1 1 2.2 1.5 3.5 1.5s2.5-.5 3.5-1.5" />
    </>
  ),
  videoTranslation: (
    <>
      <path d="M3 5h8M7 3v2M4.5 5c.5 3.5 3 6 6.5 7.5M9.5 5c-.8 3.5-3 6-6 7.5" />
      <path d="m13 21 4-9 4 9M14.4 18h5.2" />
    </>
  ),
  dubbing: (
    <>
      <path d="M4 15v-3a8 8 0 0 1 16 0v3" />
      <rect x="3" y="14" width="4" height="6.5" rx="1.5" />
      <rect x="17" y="14" width="4" height="6.5" rx="1.5" />
    </>
  ),
  aiAvatarVideo: (
    <>
      <rect x="3" y="3.5" width="18" height="13.5" rx="2.5" />
      <circle cx="12" cy="9" r="2.5" />
      <path d="M7.5 17c.8-2.2 2.5-3.4 4.5-3.4s3.7 1.2 4.5 3.4M9 21h6" />
    </>
  ),
  videoErasure: (
    <>
      <path d="M8 20h12" />
      <path d="m3.6 13.6 9.9-9.9a1.5 1.5 0 0 1 2.1 0l4.7 4.7a1.5 1.5 0 0 1 0 2.1L12 18.8a4 4 0 0 1-2.9 1.2H8L3.6 15.7a1.5 1.5 0 0 1 0-2.1z" />
      <path d="m8.5 8.8 6.7 6.7" />
    </>
  ),
};

export function ToolIcon({ tool, ...props }: IconProps & { tool: ToolId }) {
  return <Icon {...props}>{toolPaths[tool]}</Icon>;
}

const audiencePaths: Record<AudienceId, ReactNode> = {
  creators: (
    <>
      <rect x="3" y="6" width="13" height="12" rx="2" />
      <path d="m16 10.5 5-3v9l-5-3" />
    </>
  ),
  educators: (
    <>
      <path d="m2.5 9 9.5-5 9.5 5-9.5 5z" />
      <path d="M6.5 11v5c1.5 1.5 3.5 2.2 5.5 2.2s4-.7 5.5-2.2v-5M21.5 9v6" />
    </>
  ),
  ecommerce: (
    <>
      <path d="M5 7h14l-1.2 12.2a1.5 1.5 0 0 1-1.5 1.3H7.7a1.5 1.5 0 0 1-1.5-1.3z" />
      <path d="M9 10V6a3 3 0 0 1 6 0v4" />
    </>
  ),
  shortDrama: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M7 4v16M17 4v16M3 9h4M3 15h4M17 9h4M17 15h4" />
    </>
  ),
};

export function AudienceIcon({ audience, ...props }: IconProps & { audience: AudienceId }) {
  return <Icon {...props}>{audiencePaths[audience]}</Icon>;
}

/** Brand mark: a waveform in a rounded tile. Inherits the primary colour tokens. */
export function BrandMark(props: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <rect width="32" height="32" rx="9" className="fill-primary" />
      <path
        d="M9 13.5v5M13 10v12M17 12.5v7M21 9v14M25 14v4"
        className="stroke-primary-foreground"
        strokeWidth={2.25}
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}
