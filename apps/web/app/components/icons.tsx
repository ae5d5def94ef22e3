import type { SVGProps } from "react";

export type IconProps = SVGProps<SVGSVGElement>;

/** Inline 24×24 stroke icons (no icon font or external assets). Decorative by default. */
export function Icon({ children, ...props }: IconProps) {
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

/** Both ways along a row (the pricing table scrolls sideways on a phone). */
export function MoveHorizontalIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M18 8l4 4-4 4M2 12h20M6 8l-4 4 4 4" />
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
