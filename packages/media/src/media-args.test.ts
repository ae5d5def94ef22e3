import { describe, expect, it } from 'vitest';
import { concatWithSilenceArgs, extractAudioArgs, loudnormArgs, loudnormMeasureArgs, mixWithBackgroundArgs, mixWithDuckingArgs, muxAudioArgs, parseLoudnormMeasurement, resampleArgs } from './audio-args.ts';
import { thumbnailArgs } from './image-args.ts';
import { parseProbeOutput, parseRational } from './media-info.ts';
import { burnSubtitlesArgs, escapeFilterPath, formatTimestamp, softSubtitlesArgs, subtitleStillArgs, toAss, toSrt, toVtt } from './subtitle-args.ts';
import { computePeaks, waveformDecodeArgs } from './waveform.ts';

const line = (args: string[]) => args.join(' ');

describe('audio argument builders', () => {
  it('extracts and resamples', () => {
    expect(line(extractAudioArgs({ input: 'in.mp4', output: 'a.wav', sampleRate: 16000, channels: 1 }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -i in.mp4 -vn -sn -dn -map 0:a:0 -ac 1 -ar 16000 -c:a pcm_s16le a.wav"`);
    expect(line(extractAudioArgs({ input: 'in.mkv', output: 'a.m4a', codec: 'aac', streamIndex: 1 }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -i in.mkv -vn -sn -dn -map 0:a:1 -c:a aac -b:a 192k a.m4a"`);
    expect(line(resampleArgs({ input: 'a.wav', output: 'b.wav', sampleRate: 16000, channels: 1 }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -i a.wav -vn -af aresample=16000:resampler=swr:dither_method=triangular -ac 1 -ar 16000 -c:a pcm_s16le b.wav"`);
  });

  it('normalises loudness in two passes', () => {
    expect(line(loudnormMeasureArgs('voice.wav'))).toMatchInlineSnapshot(`"-hide_banner -nostdin -nostats -i voice.wav -vn -af loudnorm=I=-16:TP=-1.5:LRA=11:print_format=json -f null -"`);
    const measured = { inputI: -27.61, inputTp: -4.47, inputLra: 18.06, inputThresh: -39.2, targetOffset: 0.58 };
    expect(line(loudnormArgs({ input: 'voice.wav', output: 'out.wav', measured }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -i voice.wav -vn -af loudnorm=I=-16:TP=-1.5:LRA=11:measured_I=-27.61:measured_TP=-4.47:measured_LRA=18.06:measured_thresh=-39.2:offset=0.58:linear=true:print_format=summary -ar 48000 -c:a pcm_s16le out.wav"`);
    expect(line(loudnormArgs({ input: 'voice.wav', output: 'out.mp3', codec: 'libmp3lame', target: { integratedLufs: -23, truePeakDb: -1, rangeLu: 7 } }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -i voice.wav -vn -af loudnorm=I=-23:TP=-1:LRA=7:print_format=summary -ar 48000 -c:a libmp3lame -b:a 192k out.mp3"`);
  });

  it('parses the loudnorm measurement', () => {
    const stderr = `[Parsed_loudnorm_0 @ 0x55] \n{\n\t"input_i" : "-27.61",\n\t"input_tp" : "-4.47",\n\t"input_lra" : "18.06",\n\t"input_thresh" : "-39.20",\n\t"output_i" : "-16.58",\n\t"output_tp" : "-1.50",\n\t"output_lra" : "14.78",\n\t"output_thresh" : "-27.71",\n\t"normalization_type" : "dynamic",\n\t"target_offset" : "0.58"\n}\n`;
    expect(parseLoudnormMeasurement(stderr)).toEqual({ inputI: -27.61, inputTp: -4.47, inputLra: 18.06, inputThresh: -39.2, targetOffset: 0.58 });
    expect(parseLoudnormMeasurement(stderr.replace('-27.61', '-inf'))).toBeUndefined();
    expect(parseLoudnormMeasurement('no json')).toBeUndefined();
  });

  it('concatenates with silence gaps', () => {
    expect(concatWithSilenceArgs({ inputs: ['s1.wav', 's2.wav', 's3.wav'], output: 'all.wav', gapSeconds: [0.3, 0.6], leadSeconds: 0.5 })).toMatchInlineSnapshot(`
      [
        "-hide_banner",
        "-nostdin",
        "-loglevel",
        "error",
        "-y",
        "-i",
        "s1.wav",
        "-i",
        "s2.wav",
        "-i",
        "s3.wav",
        "-filter_complex",
        "[0:a]aresample=24000,aformat=sample_fmts=fltp:channel_layouts=mono,adelay=delays=500:all=1,apad=pad_dur=0.3[a0];[1:a]aresample=24000,aformat=sample_fmts=fltp:channel_layouts=mono,apad=pad_dur=0.6[a1];[2:a]aresample=24000,aformat=sample_fmts=fltp:channel_layouts=mono[a2];[a0][a1][a2]concat=n=3:v=0:a=1[out]",
        "-map",
        "[out]",
        "-ar",
        "24000",
        "-c:a",
        "pcm_s16le",
        "all.wav",
      ]
    `);
    expect(() => concatWithSilenceArgs({ inputs: [], output: 'x.wav', gapSeconds: 0 })).toThrow();
  });

  it('mixes with ducking and muxes', () => {
    expect(mixWithDuckingArgs({ voice: 'voice.wav', background: 'music.mp3', output: 'mix.wav' })).toMatchInlineSnapshot(`
      [
        "-hide_banner",
        "-nostdin",
        "-loglevel",
        "error",
        "-y",
        "-i",
        "voice.wav",
        "-i",
        "music.mp3",
        "-filter_complex",
        "[0:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,asplit=2[voice][key];[1:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,volume=-6dB[bed];[bed][key]sidechaincompress=threshold=0.03:ratio=10:attack=20:release=400[ducked];[voice][ducked]amix=inputs=2:duration=longest:dropout_transition=0:normalize=0[out]",
        "-map",
        "[out]",
        "-ar",
        "48000",
        "-c:a",
        "pcm_s16le",
        "mix.wav",
      ]
    `);
    expect(line(mixWithBackgroundArgs({ voice: 'converted.wav', background: 'background.wav', output: 'mixed.wav' }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -i converted.wav -i background.wav -filter_complex [0:a][1:a]amix=inputs=2:duration=first:normalize=0[out] -map [out] mixed.wav"`);
    expect(line(muxAudioArgs({ video: 'v.mp4', audio: 'dub.wav', output: 'out.mp4', mode: 'replace', language: 'chi' }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -i v.mp4 -i dub.wav -map 0:v:0 -map 1:a:0 -c:v copy -c:a aac -b:a 192k -metadata:s:a:0 language=chi -movflags +faststart out.mp4"`);
    expect(line(muxAudioArgs({ video: 'v.mkv', audio: 'dub.wav', output: 'out.mkv', mode: 'add', existingAudioTracks: 1, language: 'eng', title: 'English dub' }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -i v.mkv -i dub.wav -map 0:v:0 -map 0:a? -map 1:a:0 -c:v copy -c:a copy -c:a:1 aac -b:a:1 192k -metadata:s:a:1 language=eng -metadata:s:a:1 title=English dub out.mkv"`);
  });
});

describe('subtitles', () => {
  const segments = [
    { start: 3.5, end: 5.25, text: '第二句 <b>&</b>' },
    { start: 0, end: 2.001, text: ' Hello,\r\n\r\n world ' },
    { start: 6, end: 6, text: 'zero length' },
    { start: 7, end: 8, text: '   ' },
    { start: 3723.456, end: 3725, text: 'An hour later' },
  ];
  it('writes SRT and WebVTT', () => {
    expect(formatTimestamp(3723.456, ',')).toBe('01:02:03,456');
    expect(formatTimestamp(-1, '.')).toBe('00:00:00.000');
    expect(toSrt(segments)).toMatchInlineSnapshot(`
      "1
      00:00:00,000 --> 00:00:02,001
      Hello,
      world

      2
      00:00:03,500 --> 00:00:05,250
      第二句 <b>&</b>

      3
      01:02:03,456 --> 01:02:05,000
      An hour later
      "
    `);
    expect(toVtt(segments)).toMatchInlineSnapshot(`
      "WEBVTT

      00:00:00.000 --> 00:00:02.001
      Hello,
      world

      00:00:03.500 --> 00:00:05.250
      第二句 &lt;b&gt;&amp;&lt;/b&gt;

      01:02:03.456 --> 01:02:05.000
      An hour later
      "
    `);
  });

  it('burns in and adds soft tracks', () => {
    expect(escapeFilterPath("/tmp/it's [a]:b,c.srt")).toBe("/tmp/it\\\\\\'s \\[a\\]\\\\:b\\,c.srt");
    expect(line(burnSubtitlesArgs({ video: 'v.mp4', subtitles: '/tmp/w/subs.srt', output: 'out.mp4', fontName: 'Noto Sans CJK SC', fontSize: 24 }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -i v.mp4 -vf subtitles=filename=/tmp/w/subs.srt:force_style=FontName=Noto Sans CJK SC\\,FontSize=24 -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p -c:a copy -movflags +faststart out.mp4"`);
    expect(line(softSubtitlesArgs({ video: 'v.mp4', output: 'out.mp4', container: 'mp4', tracks: [{ file: 'en.srt', language: 'eng' }, { file: 'zh.srt', language: 'chi', title: '中文' }] }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -i v.mp4 -i en.srt -i zh.srt -map 0:v? -map 0:a? -map 1:0 -map 2:0 -c:v copy -c:a copy -c:s mov_text -metadata:s:s:0 language=eng -metadata:s:s:1 language=chi -metadata:s:s:1 title=中文 -movflags +faststart out.mp4"`);
    expect(line(softSubtitlesArgs({ video: 'v.webm', output: 'out.webm', container: 'webm', tracks: [{ file: 'en.vtt', language: 'eng' }] }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -i v.webm -i en.vtt -map 0:v? -map 0:a? -map 1:0 -c:v copy -c:a copy -c:s webvtt -metadata:s:s:0 language=eng out.webm"`);
    // A review still: the frame's clock put back after the seek, so libass draws the cue of that moment.
    expect(line(subtitleStillArgs({ video: 'erased.mp4', subtitles: '/tmp/w/es-drawn.ass', atSeconds: 2.6, output: 'still.jpg', maxWidth: 960 }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -ss 2.600 -i erased.mp4 -an -sn -vf setpts=PTS+2.600/TB,subtitles=filename=/tmp/w/es-drawn.ass,scale='min(960,iw)':-2 -frames:v 1 -q:v 4 still.jpg"`);
    // A cue placed by its centre (the drawn-over-the-picture layout).
    expect(toAss([{ start: 1, end: 2, text: 'Hola', centre: { x: 640.4, y: 396.6 } }], { width: 1280, height: 720, fontName: 'F', fontSize: 40, marginV: 0 }).split('\n').at(-2)).toBe('Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\an5\\pos(640,397)}Hola');
  });
});

describe('thumbnails and waveform', () => {
  it('builds the frame and decode commands', () => {
    expect(line(thumbnailArgs({ input: 'v.mp4', output: 't.jpg', atSeconds: 1.5, width: 320, format: 'jpeg' }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -ss 1.5 -i v.mp4 -frames:v 1 -an -vf scale=320:-2 -c:v mjpeg -q:v 3 -f image2 t.jpg"`);
    expect(line(thumbnailArgs({ input: 'v.mp4', output: 't.webp', atSeconds: -1, format: 'webp', quality: 70 }))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -ss 0 -i v.mp4 -frames:v 1 -an -c:v libwebp -quality 70 -f webp t.webp"`);
    expect(line(waveformDecodeArgs('a.mp3', 'a.raw'))).toMatchInlineSnapshot(`"-hide_banner -nostdin -loglevel error -y -i a.mp3 -vn -map 0:a:0 -ac 1 -ar 8000 -f s16le -c:a pcm_s16le a.raw"`);
  });

  it('computes min/max per bucket', () => {
    const samples = Int16Array.from([0, 16384, -16384, 32767, -32768, 0, 100, -100]);
    expect(computePeaks(samples, 4, 8000)).toEqual({ sampleRate: 8000, samplesPerBucket: 2, durationSeconds: 0.001, peaks: [0, 0.5, -0.5, 1, -1, 0, -0.003, 0.003] });
    expect(computePeaks(samples, 100, 8000).peaks).toHaveLength(16);
    expect(computePeaks(new Int16Array(0), 10, 8000).peaks).toEqual([]);
  });
});

describe('ffprobe output', () => {
  it('parses streams, rotation, cover art and durations', () => {
    const json = JSON.stringify({
      streams: [
        { index: 0, codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080, avg_frame_rate: '30000/1001', duration: '10.010000', side_data_list: [{ rotation: -90 }] },
        { index: 1, codec_type: 'audio', codec_name: 'aac', sample_rate: '48000', channels: 2, duration: '10.000000', tags: { language: 'eng' } },
        { index: 2, codec_type: 'video', codec_name: 'mjpeg', width: 300, height: 300, disposition: { attached_pic: 1 } },
        { index: 3, codec_type: 'subtitle', codec_name: 'mov_text' },
      ],
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '10.010000', size: '123456', bit_rate: '98765' },
    });
    const info = parseProbeOutput(json);
    expect(info).toMatchObject({ formatName: 'mov,mp4,m4a,3gp,3g2,mj2', durationSeconds: 10.01, sizeBytes: 123456, bitRate: 98765 });
    expect(info.video).toMatchObject({ codec: 'h264', width: 1920, height: 1080, rotation: -90 });
    expect(info.video?.frameRate).toBeCloseTo(29.97, 2);
    expect(info.audio).toMatchObject({ codec: 'aac', sampleRate: 48000, channels: 2, language: 'eng', width: undefined });
    expect(info.streams.map((stream) => [stream.type, stream.attachedPicture])).toEqual([['video', false], ['audio', false], ['video', true], ['subtitle', false]]);
    expect(parseProbeOutput(JSON.stringify({ streams: [{ codec_type: 'audio', duration: '3.5' }], format: { duration: 'N/A' } })).durationSeconds).toBe(3.5);
    expect(() => parseProbeOutput('{}')).toThrow();
    expect(parseRational('0/0')).toBeUndefined();
    expect(parseRational('25/1')).toBe(25);
  });
});
