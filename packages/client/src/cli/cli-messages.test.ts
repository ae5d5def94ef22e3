import { describe, expect, it } from 'vitest';
import { CLI_MESSAGES, cliLanguage, localizeCommander, type CliMessages } from './cli-messages.ts';

/** Every leaf of the messages, called with sample arguments where it is a function. */
function leaves(messages: unknown, prefix = ''): Array<[string, string]> {
  if (typeof messages === 'string') return [[prefix, messages]];
  if (typeof messages === 'function') {
    const sample = prefix === 'jobLine' ? [{ id: 'x', status: 'x', progress: 2, type: 'x', cost: 3, title: 'x' }] : ['x', 2, 3, 4, 'x'];
    return [[prefix, String((messages as (...args: unknown[]) => unknown)(...sample))]];
  }
  if (Array.isArray(messages)) return [];
  return Object.entries(messages as Record<string, unknown>).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

describe('the voxwork command in two languages', () => {
  it('picks the language from --lang, then VOXWORK_LANG, then the terminal locale', () => {
    expect(cliLanguage(['balance', '--lang', 'zh'], {})).toBe('zh');
    expect(cliLanguage(['--lang=zh-CN', 'balance'], { VOXWORK_LANG: 'en' })).toBe('zh');
    expect(cliLanguage(['balance'], { VOXWORK_LANG: 'zh' })).toBe('zh');
    expect(cliLanguage(['balance'], { LANG: 'zh_CN.UTF-8' })).toBe('zh');
    expect(cliLanguage(['balance'], { VOXWORK_LANG: 'en', LANG: 'zh_CN.UTF-8' })).toBe('en');
    expect(cliLanguage(['balance'], { LANG: 'C.UTF-8' })).toBe('en');
    expect(cliLanguage([], {})).toBe('en');
  });

  it('has every message in both languages, and the Chinese ones are Chinese', () => {
    const en = leaves(CLI_MESSAGES.en);
    const zh = leaves(CLI_MESSAGES.zh);
    expect(zh.map(([key]) => key)).toEqual(en.map(([key]) => key));
    for (const [key, text] of zh) {
      if (key === 'batch.bar') continue;
      expect(text, key).toMatch(/\p{Script=Han}/u);
      // English words beyond identifiers (flags, file names, formats) would be untranslated text.
      const words = text.replace(/`[^`]*`|--[a-z-]+|vx_live_…|VOXWORK_\w+|[a-z]+-[a-z-]+|\b(?:mp3|wav|text|voice|filename|format|uploadId|key|CSV|JSON|API|UTF-8|HTTP|MiB|zh|en|en-us|x|Voxwork|free|queued|running|paused|completed|failed|cancelled)\b/g, '');
      expect(words, key).not.toMatch(/\b[a-z]{3,}\b/i);
    }
  });

  it('puts commander’s own headings and errors into Chinese', () => {
    const zh: CliMessages = CLI_MESSAGES.zh;
    expect(localizeCommander("Usage: voxwork [options] [command]\n\nOptions:\n  -h, --help  show help (default: false)\n", zh)).toBe('用法：voxwork [选项] [命令]\n\n选项：\n  -h, --help  show help （默认：false）\n');
    expect(localizeCommander("error: unknown option '--nope'\n", zh)).toBe("错误：未知选项 '--nope'\n");
    expect(localizeCommander("error: required option '--voice <key>' not specified\n", CLI_MESSAGES.en)).toBe("error: required option '--voice <key>' not specified\n");
  });
});
