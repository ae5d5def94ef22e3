import { describe, expect, it } from 'vitest';
import { declaredVideoSizeArgs, encodeMp3Args, loudnessArgs, packetEndsArgs, parseDeclaredVideoSize, parseIntegratedLoudness, parseLastPacketEnd, parsePacketEnd, parseProgressSeconds, probeArgs, toneToMp3Args, toneToWavArgs } from './ffmpeg-args.ts';
import { measuredDurationSeconds, parseProbeOutput } from './media-info.ts';

describe('ffmpeg argument builders', () => {
  it('builds the test tone command', () => {
    expect(toneToMp3Args({ frequencyHz: 440, durationSeconds: 3, realtime: true, output: '/tmp/x/tone.mp3' })).toMatchInlineSnapshot(`
      [
        "-hide_banner",
        "-nostdin",
        "-loglevel",
        "error",
        "-y",
        "-progress",
        "pipe:1",
        "-nostats",
        "-re",
        "-f",
        "lavfi",
        "-i",
        "sine=frequency=440:sample_rate=44100:duration=3",
        "-c:a",
        "libmp3lame",
        "-b:a",
        "128k",
        "/tmp/x/tone.mp3",
      ]
    `);
    expect(toneToMp3Args({ frequencyHz: 1000, durationSeconds: 1, realtime: false, sampleRate: 16000, output: 'o.mp3' })).not.toContain('-re');
  });

  it('builds the tone-to-WAV and MP3 encode commands of the self-check', () => {
    expect(toneToWavArgs({ frequencyHz: 660, durationSeconds: 2, sampleRate: 48000, output: 't.wav' }).join(' ')).toMatchInlineSnapshot(
      `"-hide_banner -nostdin -loglevel error -y -f lavfi -i sine=frequency=660:sample_rate=48000:duration=2 -c:a pcm_s16le t.wav"`,
    );
    expect(encodeMp3Args({ input: 't.wav', output: 't.mp3', sampleRate: 44100, realtime: true }).join(' ')).toMatchInlineSnapshot(
      `"-hide_banner -nostdin -loglevel error -y -progress pipe:1 -nostats -re -i t.wav -c:a libmp3lame -ar 44100 -b:a 128k t.mp3"`,
    );
  });

  it('builds the loudness and probe commands', () => {
    expect(loudnessArgs('in.wav')).toMatchInlineSnapshot(`
      [
        "-hide_banner",
        "-nostdin",
        "-nostats",
        "-i",
        "in.wav",
        "-af",
        "ebur128=framelog=verbose",
        "-f",
        "null",
        "-",
      ]
    `);
    expect(probeArgs('in.mp4')).toEqual(['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', 'in.mp4']);
  });

  it('probes without decoding pictures over a bound, and reads a container\'s declared video size without decoding', () => {
    expect(probeArgs('in.png', { maxPixels: 40_000_000 })).toEqual(['-v', 'error', '-max_pixels', '40000000', '-print_format', 'json', '-show_format', '-show_streams', 'in.png']);
    expect(declaredVideoSizeArgs('in.mp4')).toEqual(['-v', 'error', '-nofind_stream_info', '-select_streams', 'V', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', 'in.mp4']);
    expect(parseDeclaredVideoSize('1280,720\n')).toEqual({ width: 1280, height: 720 });
    expect(parseDeclaredVideoSize('640,360\n4200,2400\n')).toEqual({ width: 4200, height: 2400 });
    expect(parseDeclaredVideoSize('0,0\n')).toBeUndefined();
    expect(parseDeclaredVideoSize('')).toBeUndefined();
  });

  it('measures a length: the largest of container and audio/video streams, or the last packet end when it is clearly later', () => {
    expect(packetEndsArgs('in.mp4')).toEqual(['-v', 'error', '-show_entries', 'packet=codec_type,pts_time,duration_time', '-of', 'csv=p=0', '-o', 'pipe:1', 'in.mp4']);
    expect(parsePacketEnd('video,149.500000,0.500000')).toBe(150);
    expect(parsePacketEnd('audio,12.000000,N/A')).toBe(12);
    expect(parsePacketEnd('subtitle,900.000000,2.000000')).toBeUndefined();
    expect(parsePacketEnd('video,N/A,0.040000')).toBeUndefined();
    // B-frames: the last packet in the file is not the one that ends last.
    expect(parseLastPacketEnd('video,0.000000,0.040000\nvideo,10.080000,0.040000\nvideo,10.000000,0.040000\naudio,9.984000,0.021333\ndata,99.000000,1.000000\n')).toBeCloseTo(10.12, 6);
    expect(parseLastPacketEnd('')).toBeUndefined();
    // An MP4 whose headers claim 5 s (issue 30), its packets ending at 150 s.
    const claimed = parseProbeOutput(JSON.stringify({ format: { duration: '5.000000' }, streams: [{ codec_type: 'video', duration: '5.000000' }, { codec_type: 'audio', duration: '5.000000' }] }));
    expect(measuredDurationSeconds(claimed, 150)).toBe(150);
    // A stream that states more than the container, or packets that end earlier than it: the largest wins.
    const stream = parseProbeOutput(JSON.stringify({ format: { duration: '5.0' }, streams: [{ codec_type: 'audio', duration: '7.5' }, { codec_type: 'subtitle', duration: '99' }] }));
    expect(measuredDurationSeconds(stream, 6)).toBe(7.5);
    expect(measuredDurationSeconds(parseProbeOutput(JSON.stringify({ format: {}, streams: [{ codec_type: 'audio' }] })), undefined)).toBeUndefined();
    // No stated length (a MediaRecorder WebM): the packets give it.
    expect(measuredDurationSeconds(parseProbeOutput(JSON.stringify({ format: {}, streams: [{ codec_type: 'audio' }] })), 3.02)).toBe(3.02);
    // An AAC track's padding (its last packet ends 0.9 ms after an exactly 60 s clip) does not start a second minute.
    const minute = parseProbeOutput(JSON.stringify({ format: { duration: '60.000000' }, streams: [{ codec_type: 'video', duration: '60.000000' }, { codec_type: 'audio', duration: '60.000000' }] }));
    expect(measuredDurationSeconds(minute, 60.000907)).toBe(60);
    expect(measuredDurationSeconds(minute, 60.6)).toBe(60.6);
  });

  it('parses progress and loudness output', () => {
    expect(parseProgressSeconds('bitrate=128k\nout_time_us=1500000\nout_time_ms=2500000\nprogress=continue\n')).toBe(2.5);
    expect(parseProgressSeconds('progress=continue\n')).toBeUndefined();
    const summary = '[Parsed_ebur128_0 @ 0x1] Summary:\n\n  Integrated loudness:\n    I:         -22.2 LUFS\n    Threshold: -32.2 LUFS\n';
    expect(parseIntegratedLoudness(summary)).toBe(-22.2);
    expect(parseIntegratedLoudness('nothing')).toBeUndefined();
  });
});
