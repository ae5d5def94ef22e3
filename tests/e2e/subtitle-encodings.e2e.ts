import { BIG5_SRT, FRENCH_SRT, GB18030_SRT, SIMPLIFIED_CHINESE_SRT, TRADITIONAL_CHINESE_SRT, utf16WithBom, utf32WithBom, WINDOWS_1252_SRT } from '../../packages/contract/src/subtitles/testing/encoded-subtitles.ts';
import { freshUserCookie } from './route-list.ts';
import { expect, test } from './fixtures.ts';

/**
 * Subtitle files as Windows and Chinese tools write them, picked in the pages (issue 30, point 5):
 * UTF-16 with a byte order mark, GB18030 and Big5 are read into the right text and the page says
 * which encoding it read; a zero-length cue is skipped with a warning. And the dubbing dialog says,
 * before anything is made, when no engine here translates the chosen pair (point 6).
 */

const srtFile = (name: string, bytes: Uint8Array) => ({ name, mimeType: 'application/x-subrip', buffer: Buffer.from(bytes) });
const firstCue = (srt: string) => srt.split('\n')[2]!;

test('en: subtitle burn-in reads UTF-16LE, GB18030, windows-1252 and UTF-32BE files into their text, names the encoding and skips a zero-length cue with a warning', async ({ page, context, baseURL }) => {
  await context.addCookies([await freshUserCookie(baseURL!, 'encodings-en')]);
  await page.goto('/workbench/ai-tools/subtitle-burn-in');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subtitle burn-in');
  const input = page.getByTestId('subtitle-file-input');

  await input.setInputFiles(srtFile('windows.srt', utf16WithBom(SIMPLIFIED_CHINESE_SRT, true)));
  await expect(page.getByTestId('subtitle-file-encoding')).toHaveText('Read as UTF-16LE');
  await expect(page.getByTestId('subtitle-lines').getByRole('listitem')).toHaveCount(3);
  await expect(page.getByTestId('subtitle-lines').getByRole('listitem').first()).toContainText(firstCue(SIMPLIFIED_CHINESE_SRT));
  await expect(page.getByTestId('subtitle-file-error')).toHaveCount(0);

  await input.setInputFiles(srtFile('chinese-tool.srt', GB18030_SRT));
  await expect(page.getByTestId('subtitle-file-encoding')).toHaveText('Read as GB18030');
  await expect(page.getByTestId('subtitle-lines').getByRole('listitem').first()).toContainText(firstCue(SIMPLIFIED_CHINESE_SRT));
  await expect(page.getByTestId('subtitle-lines')).not.toContainText('\uFFFD');

  // An old Western tool's file: no mark, not UTF-8; detected as windows-1252, accents kept.
  await input.setInputFiles(srtFile('western-tool.srt', WINDOWS_1252_SRT));
  await expect(page.getByTestId('subtitle-file-encoding')).toHaveText('Read as windows-1252');
  await expect(page.getByTestId('subtitle-lines').getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('subtitle-lines').getByRole('listitem').first()).toContainText(firstCue(FRENCH_SRT));

  const withZeroLength = `${SIMPLIFIED_CHINESE_SRT}\n4\n00:00:09,000 --> 00:00:09,000\n零长度\n`;
  await input.setInputFiles(srtFile('zero.srt', utf32WithBom(withZeroLength, false)));
  await expect(page.getByTestId('subtitle-file-encoding')).toHaveText('Read as UTF-32BE');
  await expect(page.getByTestId('subtitle-file-warnings')).toHaveText('line 14: a cue of zero length (00:00:09,000 --> 00:00:09,000) was skipped');
  await expect(page.getByTestId('subtitle-lines').getByRole('listitem')).toHaveCount(3);
});

test('zh: the video translator reads a Big5 file and a UTF-16BE file and names the encoding', async ({ page, context, baseURL }) => {
  await context.addCookies([await freshUserCookie(baseURL!, 'encodings-zh')]);
  await page.goto('/zh/workbench/video-translator');
  await page.getByTestId('text-source-subtitle-file').check();
  const input = page.getByTestId('subtitle-file-input');

  await input.setInputFiles(srtFile('traditional.srt', BIG5_SRT));
  await expect(page.getByTestId('subtitle-file-encoding')).toHaveText('已按 Big5 编码读取');
  await expect(page.getByTestId('subtitle-file-name')).toContainText('traditional.srt');
  // The characters counted are the decoded text's (replacement characters would be one per byte pair).
  await expect(page.getByTestId('subtitle-file-name')).toContainText(TRADITIONAL_CHINESE_SRT.length.toLocaleString('zh-CN'));

  await input.setInputFiles(srtFile('windows.srt', utf16WithBom(SIMPLIFIED_CHINESE_SRT, false)));
  await expect(page.getByTestId('subtitle-file-encoding')).toHaveText('已按 UTF-16BE 编码读取');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('zh: the dubbing dialog reads a GB18030 file, and says before creating that no engine here translates Chinese into English', async ({ page, context, baseURL }) => {
  await context.addCookies([await freshUserCookie(baseURL!, 'encodings-dubbing')]);
  await page.goto('/zh/workbench/dubbing-studio');
  await page.getByTestId('dubbing-new-project').click();
  const dialog = page.getByTestId('dubbing-new-project-dialog');

  await dialog.getByTestId('dubbing-text-subtitle-file').check();
  await dialog.getByTestId('dubbing-subtitle-file').setInputFiles(srtFile('episode.srt', GB18030_SRT));
  await expect(dialog.getByTestId('subtitle-file-encoding')).toHaveText('已按 GB18030 编码读取');

  // en → es: Apertium translates it here; no notice.
  await dialog.getByTestId('dubbing-source-language').selectOption('en');
  await dialog.getByTestId('dubbing-target-es').click();
  await expect(dialog.getByTestId('dubbing-no-translator')).toHaveCount(0);

  // zh → en: nothing here translates it; the project can still be made, to type the translations.
  await dialog.getByTestId('dubbing-source-language').selectOption('zh');
  await dialog.getByTestId('dubbing-target-en').click();
  await expect(dialog.getByTestId('dubbing-no-translator')).toHaveText('此处没有可将中文翻译为英语的引擎。仍可创建项目，但译文需要手动输入。');
  await expect(dialog.getByTestId('dubbing-create')).toBeEnabled();
});
