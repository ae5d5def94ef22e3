import { describe, expect, it } from 'vitest';
import type { SubtitleTrack, TrackedLine, VideoEngines } from '../engines/video-engines.port.ts';
import { readSourceText } from './source-text.ts';

const track = (y: number, language: string): SubtitleTrack => ({ box: { x: 400, y, width: 480, height: 40 }, lineHeight: 36, lineCount: 2, framesWithText: 8, alignment: 'centre', chosen: true, language });

/** Chinese over English read as two tracks, each line with its track (decision 070). */
const lines: TrackedLine[] = [
  { startSeconds: 0.4, endSeconds: 1.4, text: '你终于回来了', track: 0 },
  { startSeconds: 0.44, endSeconds: 1.36, text: 'You finally came back.', track: 1 },
  { startSeconds: 1.4, endSeconds: 3, text: '我等了你整整三年', track: 0 },
  { startSeconds: 1.46, endSeconds: 3.04, text: 'I waited for three years.', track: 1 },
];

async function sourceText(language: string) {
  const videoEngines = { readSubtitles: async () => ({ lines, tracks: [track(580, 'zh'), track(640, 'en')], warnings: [] }) } as unknown as VideoEngines;
  const read = await readSourceText(videoEngines, {
    textSources: [{ kind: 'subtitles', engineId: 'ppocr:pp-ocrv4' }],
    language,
    videoFile: '/tmp/video.mp4',
    speechFile: '/tmp/speech.wav',
    durationSeconds: 6,
    speakerSegments: async () => [],
    signal: new AbortController().signal,
    reportProgress: () => undefined,
  });
  return read.found?.lines.map((line) => line.text);
}

describe('source text from burned-in subtitles of two tracks', () => {
  it('takes the track in the run’s source language, or the dominant one when none is', async () => {
    expect(await sourceText('en')).toEqual(['You finally came back.', 'I waited for three years.']);
    expect(await sourceText('zh-CN')).toEqual(['你终于回来了', '我等了你整整三年']);
    expect(await sourceText('ja')).toEqual(['你终于回来了', '我等了你整整三年']);
  });
});
