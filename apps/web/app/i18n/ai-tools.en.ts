/** The AI tools hub (`components/ai-tools/`); each card's line is its tool's `hubHint`. The same keys in `ai-tools.zh.ts`. */
export const aiToolsEn = {
  title: "AI tools",
  lead: "Small tools for your footage, each with its own history, points and downloads.",
  open: "Open",
  soon: "Arrives soon",
};
