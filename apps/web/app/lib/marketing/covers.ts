/** Article covers: a local SVG under `/covers/`, or one of these gradient keys (pure CSS, nothing fetched). */
export const COVER_GRADIENTS: Record<string, string> = {
  indigo: "linear-gradient(135deg, oklch(0.55 0.2 277), oklch(0.7 0.15 195))",
  sunset: "linear-gradient(135deg, oklch(0.68 0.17 35), oklch(0.6 0.2 330))",
  forest: "linear-gradient(135deg, oklch(0.55 0.12 160), oklch(0.72 0.13 120))",
  ocean: "linear-gradient(135deg, oklch(0.5 0.13 240), oklch(0.75 0.1 200))",
};

export function coverStyle(cover: string): { backgroundImage: string } {
  if (cover.startsWith("/")) return { backgroundImage: `url("${cover}")` };
  return { backgroundImage: COVER_GRADIENTS[cover] ?? COVER_GRADIENTS.indigo! };
}
