/**
 * One Chinese vocabulary for the whole product (workbench, marketing, guides, error messages,
 * mail): the word to use and the variants that must not appear. `zh-glossary.test.ts` fails on a
 * forbidden variant in any zh catalogue; docs/zh-glossary.md explains the choices.
 */
export interface GlossaryEntry {
  /** The word the product uses. */
  preferred: string;
  /** Variants that must not appear in Chinese text (a pattern where the variant is a word only in context). */
  forbidden: ReadonlyArray<string | RegExp>;
  /** What it names, and why this word. */
  note: string;
}

export const ZH_GLOSSARY: readonly GlossaryEntry[] = [
  {
    preferred: "你",
    forbidden: ["您"],
    note: "Addressing the user: 你 throughout (counted before the change: 194 × 你, 84 × 您; the product speaks plainly, like its English).",
  },
  { preferred: "文本转语音", forbidden: ["文字转语音"], note: "The text-to-speech tool." },
  {
    preferred: "积分",
    forbidden: ["点数", /(?:\d|\})\s*点(?![击钟])/],
    note: "Points: what jobs cost and plans grant, on marketing pages too (积分包 for a point pack; 300 积分, never 300 点).",
  },
  { preferred: "商业版", forbidden: ["商务版"], note: "The Business plan (免费版, 专业版, 商业版)." },
  { preferred: "声音库", forbidden: ["音色库"], note: "The voice library (the page's name in the workbench). 音色 alone means timbre and stays." },
  { preferred: "声音克隆", forbidden: ["语音克隆"], note: "The voice-cloning tool." },
  { preferred: "克隆声音", forbidden: ["克隆音色"], note: "A voice made by voice cloning, as the workbench names it." },
  { preferred: "账号", forbidden: ["账户", "帐号", "帐户"], note: "The user's account (sign-in, account page, menu)." },
  { preferred: "登录", forbidden: ["登陆"], note: "Sign in (登陆 is a common misspelling)." },
];

/** Every forbidden variant found in `text`, with the word to use instead. */
export function glossaryViolations(text: string): Array<{ found: string; preferred: string }> {
  return ZH_GLOSSARY.flatMap((entry) =>
    entry.forbidden.flatMap((variant) => {
      const found = typeof variant === "string" ? (text.includes(variant) ? variant : null) : (text.match(variant)?.[0] ?? null);
      return found ? [{ found, preferred: entry.preferred }] : [];
    }),
  );
}
