import { describe, expect, it } from 'vitest';
import { drawnSubtitleScript, measureRowStyle, rowCrop, sourceLineBox, withStyleChoice, type SubtitleTrackStyle } from './drawn-subtitles.ts';

/** An rgb24 crop filled with `background`, with `paint(x, y)` giving a pixel's colour where it returns one. */
function crop(width: number, height: number, background: [number, number, number], paint: (x: number, y: number) => [number, number, number] | undefined): Uint8Array {
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const colour = paint(x, y) ?? background;
      pixels.set(colour, (y * width + x) * 3);
    }
  }
  return pixels;
}

const style: SubtitleTrackStyle = { centreX: 640, centreY: 396, glyphHeight: 34, textColor: '#FFFFFF', look: 'outline', outlineColor: '#101010', measuredLines: 3 };
const dialogues = (script: string) => script.split('\n').filter((line) => line.startsWith('Dialogue:'));

describe('measureRowStyle', () => {
  // A 200 × 60 crop at (100, 300) of a frame; the finder's box (20, 12)–(180, 48) inside it.
  const region = { x: 100, y: 300, width: 200, height: 60 };
  const box = { x: 120, y: 312, width: 160, height: 36 };
  const glyph = (x: number, y: number) => x >= 30 && x < 170 && y >= 16 && y < 44 && x % 8 < 4;
  const outline = (x: number, y: number) => x >= 28 && x < 172 && y >= 14 && y < 46 && !glyph(x, y) && (glyph(x - 1, y) || glyph(x + 1, y) || glyph(x, y - 1) || glyph(x, y + 1));

  it('reads yellow text with a dark outline over a busy background: its colour, the ink height, an outline', () => {
    const busy = (x: number, y: number): [number, number, number] => ((x >> 3) + (y >> 3)) % 2 ? [40, 160, 90] : [200, 60, 140];
    const pixels = crop(200, 60, [0, 0, 0], (x, y) => (glyph(x, y) ? [255, 224, 0] : outline(x, y) ? [12, 12, 12] : busy(x, y)));
    const measured = measureRowStyle(pixels, region, box)!;
    expect(measured.look).toBe('outline');
    expect(measured.textColor).toBe('#FFE000');
    expect(measured.glyphHeight).toBe(28);
    expect(measured.outlineColor).toBe('#0C0C0C');
  });

  it('tells a dark plate behind the line (a box look) and its colour', () => {
    const pixels = crop(200, 60, [30, 30, 30], (x, y) => (glyph(x, y) ? [250, 250, 250] : undefined));
    const measured = measureRowStyle(pixels, region, box)!;
    expect(measured.look).toBe('box');
    expect(measured.textColor).toBe('#FAFAFA');
    expect(measured.outlineColor).toBe('#1E1E1E');
  });

  it('reads dark letters on a light plate (the finder boxes the plate): dark ink, its height, a box of the plate\'s colour', () => {
    // The plate fills the finder's box but for 2 px on every side, where the box reaches the background: a dark red
    // as dark as the letters (its pixels are no ink: they are off the plate's rows and columns).
    const plate = (x: number, y: number) => x >= 22 && x < 178 && y >= 14 && y < 46;
    const pixels = crop(200, 60, [0, 0, 0], (x, y) => (glyph(x, y) ? [30, 30, 40] : plate(x, y) ? [242, 238, 228] : [220, 0, 50]));
    const measured = measureRowStyle(pixels, region, box)!;
    expect(measured).toEqual({ glyphHeight: 28, textColor: '#1E1E28', look: 'box', outlineColor: '#F2EEE4' });
    // A plate larger than the box (the finder boxed the letters only) reads the same.
    const wide = crop(200, 60, [242, 238, 228], (x, y) => (glyph(x, y) ? [30, 30, 40] : undefined));
    expect(measureRowStyle(wide, region, { x: 128, y: 314, width: 144, height: 32 })).toMatchObject({ textColor: '#1E1E28', look: 'box', outlineColor: '#F2EEE4' });
  });

  it('does not take light letters with a dark outline over a plain light background for a plate (brighter than it, or of another colour)', () => {
    // Yellow over light grey: brighter by 28. Yellow over a grey as light as it (lum 200): another colour.
    for (const background of [[180, 180, 180], [200, 200, 200]] as Array<[number, number, number]>) {
      const pixels = crop(200, 60, background, (x, y) => (glyph(x, y) ? [255, 224, 0] : outline(x, y) ? [12, 12, 12] : undefined));
      const measured = measureRowStyle(pixels, region, box)!;
      expect(measured.look, JSON.stringify(background)).toBe('outline');
      expect(measured.textColor).toBe('#FFE000');
      expect(measured.outlineColor).toBe('#0C0C0C');
    }
  });

  it('reads dark letters on a coloured light plate (a yellow shop sign) as dark on light', () => {
    const pixels = crop(200, 60, [255, 214, 40], (x, y) => (glyph(x, y) ? [20, 20, 20] : undefined));
    expect(measureRowStyle(pixels, region, box)).toEqual({ glyphHeight: 28, textColor: '#141414', look: 'box', outlineColor: '#FFD628' });
  });

  it('gives up where no light ink stands out (nothing to measure)', () => {
    expect(measureRowStyle(crop(200, 60, [120, 120, 120], () => undefined), region, box)).toBeUndefined();
  });
});

describe('rowCrop', () => {
  it('is the box with a margin, inside the frame, at even corners and of even sizes (ffmpeg crops 4:2:0 pictures so; other bytes than asked would never be read)', () => {
    for (const box of [{ x: 402.3, y: 367.3, width: 466.7, height: 52.5 }, { x: 3, y: 697, width: 1275, height: 21 }]) {
      const region = rowCrop(box, { width: 1280, height: 720 });
      for (const value of [region.x, region.y, region.width, region.height]) expect(value % 2).toBe(0);
      expect(region.x).toBeLessThanOrEqual(box.x);
      expect(region.y).toBeLessThanOrEqual(box.y);
      expect(region.x + region.width).toBeLessThanOrEqual(1280);
      expect(region.y + region.height).toBeLessThanOrEqual(720);
      expect(region.x + region.width).toBeGreaterThanOrEqual(Math.min(1279, box.x + box.width));
    }
  });
});

describe('sourceLineBox', () => {
  const texts = [
    { box: { x: 400, y: 370, width: 480, height: 44 }, startSeconds: 0.4, endSeconds: 1.8, text: 'You finally came back.' },
    { box: { x: 420, y: 372, width: 440, height: 40 }, startSeconds: 2.2, endSeconds: 3.0, text: 'I waited for three years.' },
    { box: { x: 1100, y: 650, width: 120, height: 40 }, startSeconds: 0, endSeconds: 6, text: 'logo' },
  ];
  it('is the box of the row shown during most of the line (a row overlapping it a little does not count)', () => {
    expect(sourceLineBox(texts.slice(0, 2), { startSeconds: 0.4, endSeconds: 1.8 })).toEqual(texts[0]!.box);
    expect(sourceLineBox(texts.slice(0, 2), { startSeconds: 1.7, endSeconds: 3.0 })).toEqual(texts[1]!.box);
    expect(sourceLineBox(texts.slice(0, 2), { startSeconds: 4, endSeconds: 5 })).toBeNull();
  });
});

describe('drawnSubtitleScript', () => {
  const box = { x: 400, y: 370, width: 480, height: 44 };

  it('replace: each line centred where its source line was, at the measured size and colours', () => {
    const { script, drawn } = drawnSubtitleScript([{ start: 0.4, end: 1.8, text: 'Finalmente volviste.', box }], style, { width: 1280, height: 720, layout: 'replace' });
    expect(dialogues(script)).toEqual(['Dialogue: 0,0:00:00.40,0:00:01.80,Default,,0,0,0,,{\\an5\\pos(640,392)}Finalmente volviste.']);
    // 34 px of ink ÷ 0.86 = a 40 px font; white with the measured outline.
    expect(script).toMatch(/^Style: Default,WenQuanYi Zen Hei,40,&H00FFFFFF,&H000000FF,&H00101010,/m);
    expect(drawn).toEqual([{ start: 0.4, end: 1.8, text: 'Finalmente volviste.' }]);
  });

  it('draws dark letters on a light plate as measured: dark text on a nearly opaque light box (a dark box stays translucent)', () => {
    const light = drawnSubtitleScript([{ start: 0, end: 1, text: 'Hola', box }], { ...style, textColor: '#1E1E28', look: 'box', outlineColor: '#F2EEE4' }, { width: 1280, height: 720, layout: 'replace' });
    // &HAABBGGRR: the text #1E1E28, the box #F2EEE4 at alpha 0x14 (92 % opaque), BorderStyle 3.
    expect(light.script).toMatch(/^Style: Default,WenQuanYi Zen Hei,40,&H00281E1E,&H000000FF,&H14E4EEF2,&H14E4EEF2,0,0,0,0,100,100,0,0,3,/m);
    const dark = drawnSubtitleScript([{ start: 0, end: 1, text: 'Hola', box }], { ...style, look: 'box', outlineColor: '#1E1E1E' }, { width: 1280, height: 720, layout: 'replace' });
    expect(dark.script).toMatch(/^Style: Default,WenQuanYi Zen Hei,40,&H00FFFFFF,&H000000FF,&H501E1E1E,&H501E1E1E,/m);
  });

  it('breaks a long translation to fit the frame, CJK-aware, and keeps the block inside the picture; the drawn text is what the soft subtitles carry', () => {
    const long = '从今天开始我就是这家公司的总裁你们都要听我的安排不许有任何意见';
    const { script, drawn } = drawnSubtitleScript([{ start: 1, end: 3, text: long, box: { x: 100, y: 690, width: 1080, height: 28 } }], style, { width: 1280, height: 720, layout: 'replace' });
    expect(drawn[0]!.text.split('\n')).toHaveLength(2);
    expect(drawn[0]!.text.replace(/\n/g, '')).toBe(long);
    const y = Number(/\\pos\(\d+,(\d+)\)/.exec(dialogues(script)[0]!)![1]);
    // Two rows of 40 px × 1.2: the block's bottom stays inside the 720 px frame.
    expect(y + 48).toBeLessThanOrEqual(720);
  });

  it('bilingual: the translation above the original, or below it when there is no room above; a line with no box at the track place', () => {
    const above = drawnSubtitleScript([{ start: 0, end: 1, text: 'Hola', box }], style, { width: 1280, height: 720, layout: 'bilingual' });
    const y = Number(/\\pos\(\d+,(\d+)\)/.exec(dialogues(above.script)[0]!)![1]);
    expect(y).toBeLessThan(box.y);
    const top = { x: 400, y: 10, width: 480, height: 40 };
    const below = drawnSubtitleScript([{ start: 0, end: 1, text: 'Hola', box: top }], style, { width: 1280, height: 720, layout: 'bilingual' });
    expect(Number(/\\pos\(\d+,(\d+)\)/.exec(dialogues(below.script)[0]!)![1])).toBeGreaterThan(top.y + top.height);
    const placeless = drawnSubtitleScript([{ start: 0, end: 1, text: 'Hola', box: null }], style, { width: 1280, height: 720, layout: 'replace' });
    expect(dialogues(placeless.script)[0]).toContain('{\\an5\\pos(640,396)}');
  });
});

describe('withStyleChoice', () => {
  const frame = { width: 1280, height: 720 };

  it('keeps the measured style when nothing was picked', () => {
    expect(withStyleChoice(style, undefined, frame)).toEqual({ style, atMargin: false });
    expect(withStyleChoice(style, {}, frame)).toEqual({ style, atMargin: false });
  });

  it('replaces what was picked, field by field: size, colours (an alpha pair dropped), and the place at a bottom margin', () => {
    const picked = withStyleChoice(style, { fontSize: 43, color: '#ffd400cc', outlineColor: '#202020' }, frame);
    expect(picked.atMargin).toBe(false);
    expect(picked.style).toEqual({ ...style, glyphHeight: 43, textColor: '#FFD400', outlineColor: '#202020' });
    // Drawn: 43 px of ink ÷ 0.86 = a 50 px font, yellow (ASS colours are &HAABBGGRR).
    const { script } = drawnSubtitleScript([{ start: 0, end: 1, text: 'Hola', box: null }], picked.style, { ...frame, layout: 'replace' });
    expect(script).toMatch(/^Style: Default,WenQuanYi Zen Hei,50,&H0000D4FF,&H000000FF,&H00202020,/m);

    const low = withStyleChoice(style, { marginBottom: 0.1 }, frame);
    expect(low.atMargin).toBe(true);
    // The row's ink ends 10 % of the height above the bottom (648 px), centred.
    expect(low.style.centreX).toBe(640);
    expect(low.style.centreY + low.style.glyphHeight / 2).toBeCloseTo(648, 5);
    expect(low.style.textColor).toBe(style.textColor);
  });
});
