/**
 * The samples made by the tools: six text-to-speech voices, speech to speech and voice cloning
 * before and after, a talking photo and a video erasure, each folder with its `sample.json`.
 */
import { copyFile, mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { VoiceView } from '../../../packages/contract/src/index.ts';
import { makeDubbingClip } from '../../../tests/support/dubbing-media.ts';
import { LOCAL_VOICE_CONVERTER, LOCAL_VOICE_PROFILER } from '../../../packages/core/src/voices/voice-choice.ts';
import { call, download, ffmpeg, finished, frame, libraryVoices, loudestMoment, probe, seconds, speak, upload, writeJson } from './marketing-helpers.ts';
import { commit, MADE_BY, notes, PUBLIC, SAMPLES, state, type User, VIDEO_BUDGET_BYTES, work, written } from './marketing-run.ts';

const TIER = { premium: 3, standard: 2, basic: 1 } as const;
/**
 * The web app's words for how a voice sounds (`VoiceView.sound`), en and zh, read from its i18n
 * files as text (the zh file imports the en one without an extension, as the web's bundler
 * resolves it, which Node does not).
 */
async function soundTexts(lang: 'en' | 'zh'): Promise<Record<string, string>> {
  const source = await readFile(path.resolve(import.meta.dirname, `../../../apps/web/app/i18n/voices.${lang}.ts`), 'utf8');
  const block = /\n {2}sound: \{([^}]*)\}/.exec(source)?.[1] ?? '';
  return Object.fromEntries([...block.matchAll(/^\s*"?([\w-]+)"?: "((?:[^"\\]|\\.)*)",?$/gm)].map((match) => [match[1]!, match[2]!]));
}
const SOUNDS = { en: await soundTexts('en'), zh: await soundTexts('zh') };
const soundOf = (voice: VoiceView) => ({ key: voice.sound, en: SOUNDS.en[voice.sound] ?? null, zh: SOUNDS.zh[voice.sound] ?? null });

/**
 * The six voices of the voices sample: the first of each wish list the library has (highest
 * quality badge first where the wish list runs out), each with a sentence for what it suits.
 */
const VOICE_WISHES: Array<{ language: string; keys: string[]; gender?: 'female' | 'male'; text: string; suits: string }> = [
  { language: 'en', keys: ['festival:festival/cmu_us_slt_arctic_hts'], gender: 'female', suits: 'lessons', text: 'Welcome to lesson three. Today we will learn how plants turn sunlight into food.' },
  { language: 'en', keys: ['flite:flite/rms'], gender: 'male', suits: 'ads', text: 'Fresh coffee, roasted this morning and delivered to your door. Try your first box for free.' },
  { language: 'en', keys: ['flite:flite/awb', 'festival:festival/kal_diphone'], gender: 'male', suits: 'stories', text: 'Once upon a time, in a little house by the sea, there lived an old clockmaker and his clever cat.' },
  { language: 'zh', keys: ['espeak:espeak-ng/cmn+f3'], gender: 'female', suits: 'lessons', text: '同学们好，欢迎来到中文课。今天我们学习怎么点一杯咖啡。' },
  { language: 'es', keys: ['espeak:espeak-ng/es+m3'], gender: 'male', suits: 'ads', text: '¡Solo este fin de semana, todos nuestros zapatos tienen un veinte por ciento de descuento!' },
  { language: 'fr', keys: ['espeak:espeak-ng/fr-fr+f3'], gender: 'female', suits: 'stories', text: 'Il était une fois, dans un petit village au bord de la mer, une jeune fille qui rêvait de voyager.' },
];

async function chooseVoice(user: User, wish: (typeof VOICE_WISHES)[number], taken: Set<string>): Promise<VoiceView> {
  const voices = await libraryVoices(user, wish.language);
  const wished = wish.keys.map((key) => voices.find((voice) => voice.key === key)).find((voice) => voice && !taken.has(voice.key));
  const fallback = voices
    .filter((voice) => !taken.has(voice.key) && (!wish.gender || voice.gender === wish.gender))
    .sort((a, b) => TIER[b.qualityTier] - TIER[a.qualityTier])[0];
  const voice = wished ?? fallback;
  if (!voice) throw new Error(`no ${wish.language} voice in the library`);
  if (!wished) notes.push(`voices: none of ${wish.keys.join(', ')} is in the library; used ${voice.key}`);
  taken.add(voice.key);
  return voice;
}

export async function voicesSample() {
  const user = state.apiUser!;
  const folder = path.join(SAMPLES, 'voices');
  await mkdir(folder, { recursive: true });
  const taken = new Set<string>();
  const voices = [];
  for (const [index, wish] of VOICE_WISHES.entries()) {
    const voice = await chooseVoice(user, wish, taken);
    if (index === 0) state.sloane = voice;
    const file = path.join(folder, `voice-${index + 1}.mp3`);
    await speak(user, voice.key, wish.text, file, `Voice sample ${index + 1}`);
    written.push(file);
    const info = await probe(file);
    if (info.seconds < 4 || info.seconds > 8) notes.push(`voices: voice-${index + 1}.mp3 is ${info.seconds} s (asked for 4–8 s)`);
    voices.push({
      file: `/samples/voices/voice-${index + 1}.mp3`,
      voiceKey: voice.key,
      name: voice.name,
      language: voice.language,
      gender: voice.gender,
      engine: voice.engineName,
      qualityTier: voice.qualityTier,
      sound: soundOf(voice),
      suits: wish.suits,
      text: wish.text,
      seconds: info.seconds,
      kbps: info.audioKbps ?? null,
    });
  }
  await writeJson(folder, { madeBy: MADE_BY, commit, tool: 'text-to-speech', format: 'mp3, as the product delivers it', voices });
}

export async function speechToSpeechSample() {
  const user = state.apiUser!;
  const folder = path.join(SAMPLES, 'speech-to-speech');
  await mkdir(folder, { recursive: true });
  const english = await libraryVoices(user, 'en');
  const source = state.sloane ?? english.find((voice) => voice.key === 'festival:festival/cmu_us_slt_arctic_hts') ?? english[0]!;
  const target = english.find((voice) => voice.key === 'flite:flite/rms') ?? english.find((voice) => voice.gender !== source.gender)!;
  const text = 'Speech to speech keeps every word and pause of your recording, and changes only the voice.';
  const before = path.join(folder, 'before.mp3');
  await speak(user, source.key, text, before, 'Speech to speech source');
  written.push(before);
  const uploadId = await upload(user, 'before.mp3', before);
  const { jobId, cost } = await call<{ jobId: string; cost: number }>(user, '/api/speech-to-speech/create', { uploadId, voiceKey: target.key, format: 'mp3', title: 'Speech to speech sample' });
  const job = await finished(user, jobId);
  const after = path.join(folder, 'after.mp3');
  await download(job, (file) => file.name.startsWith('converted'), after);
  written.push(after);
  const output = (job.output ?? {}) as Record<string, unknown>;
  await writeJson(folder, {
    madeBy: MADE_BY,
    commit,
    text,
    before: { file: '/samples/speech-to-speech/before.mp3', madeWith: 'text-to-speech', voiceKey: source.key, name: source.name, language: source.language, gender: source.gender, seconds: await seconds(before) },
    after: { file: '/samples/speech-to-speech/after.mp3', madeWith: 'speech-to-speech', voiceKey: target.key, name: target.name, language: target.language, gender: target.gender, seconds: await seconds(after) },
    // No remote converter is configured here, so the job uses the local one (packages/core/src/voices/voice-choice.ts converterFor).
    converter: { id: LOCAL_VOICE_CONVERTER, plainly: 'Local signal processing: the recording’s pitch, formants and spectrum moved toward the target voice’s measured profile (not a neural conversion).' },
    warnings: output.warnings ?? [],
    points: cost,
  });
}

export async function voiceCloningSample() {
  const user = state.apiUser!;
  const folder = path.join(SAMPLES, 'voice-cloning');
  await mkdir(folder, { recursive: true });
  const english = await libraryVoices(user, 'en');
  // The "speaker" is flite's RMS, a voice the matcher never uses as a base, so the clone is a real move from another voice toward it.
  const speaker = english.find((voice) => voice.key === 'flite:flite/rms') ?? english.find((voice) => voice.gender === 'male')!;
  // The clone needs 10 s – 3 min with at least 8 s of speech (/api/voice-cloning/check): a sentence more until it passes.
  const sentences = [
    'Hello, my name is Daniel, and I read audio books for a living.',
    'Today I will read a few sentences, so the computer can learn how my voice sounds.',
    'I speak slowly and clearly, with a short pause after each sentence.',
    'Thank you for listening.',
  ];
  const reference = path.join(folder, 'reference.mp3');
  let used = 2;
  type Check = { accepted: boolean; durationSeconds: number; speechSeconds: number; problems: unknown[] };
  let check: Check | undefined;
  let uploadId = '';
  for (; used <= sentences.length; used += 1) {
    await speak(user, speaker.key, sentences.slice(0, used).join(' '), reference, 'Voice cloning reference');
    uploadId = await upload(user, 'reference.mp3', reference);
    check = await call<Check>(user, '/api/voice-cloning/check', { uploadId });
    if (check.accepted) break;
  }
  if (!check?.accepted) throw new Error(`the reference was refused by the recording check: ${JSON.stringify(check)}`);
  const accepted = check;
  written.push(reference);
  const referenceText = sentences.slice(0, used).join(' ');
  const created = await call<{ voice: VoiceView; jobId: string; cost: number }>(user, '/api/voice-cloning/create', { uploadId, name: 'Daniel', language: 'en', consent: true });
  const cloneJob = await finished(user, created.jobId);
  const clone = await call<VoiceView>(user, '/api/voices/get', { voiceKey: created.voice.key });
  const text = 'This is my cloned voice. Now it can read any script you write, in a few seconds.';
  const cloned = path.join(folder, 'cloned.mp3');
  await speak(user, clone.key, text, cloned, 'Cloned voice sample');
  written.push(cloned);
  const analysis = (cloneJob.output ?? {}) as { baseVoiceKey?: string | null; medianPitchHz?: number | null; speechSeconds?: number | null };
  await writeJson(folder, {
    madeBy: MADE_BY,
    commit,
    engine: {
      profiler: clone.location === 'local' ? LOCAL_VOICE_PROFILER : clone.engineId,
      id: clone.engineId,
      name: clone.engineName,
      location: clone.location,
      sound: soundOf(clone),
      plainly:
        clone.location === 'local'
          ? 'Made offline by the local voice-matching engine (no neural cloning is available on this machine): it measures the reference’s pitch, pace and spectrum and moves a ready-made library voice (baseVoiceKey) toward them by signal processing. It is not a neural clone; the timbre stays the base voice’s, shifted. The reference itself is a synthetic voice (flite RMS) standing in for a person’s recording.'
          : 'Made by a remote neural cloning engine.',
      baseVoiceKey: analysis.baseVoiceKey ?? null,
      description: clone.description,
    },
    reference: { file: '/samples/voice-cloning/reference.mp3', madeWith: 'text-to-speech', voiceKey: speaker.key, name: speaker.name, text: referenceText, seconds: await seconds(reference), check: { durationSeconds: accepted.durationSeconds, speechSeconds: accepted.speechSeconds }, medianPitchHz: analysis.medianPitchHz ?? clone.medianPitchHz },
    cloned: { file: '/samples/voice-cloning/cloned.mp3', voiceKey: clone.key, name: clone.name, language: clone.language, text, seconds: await seconds(cloned) },
    points: created.cost,
  });
}

export async function talkingPhotoSample() {
  const user = state.apiUser!;
  const folder = path.join(SAMPLES, 'talking-photo');
  await mkdir(folder, { recursive: true });
  const options = await call<{ avatars: Array<{ id: string; names: { en: string; zh: string }; descriptions: { en: string; zh: string }; thumbnailUrl: string }> }>(user, '/api/avatar/options', {});
  const avatar = options.avatars.find((candidate) => candidate.id === 'ava') ?? options.avatars[0]!;
  const voice = state.sloane ?? (await libraryVoices(user, 'en'))[0]!;
  const text = `Hi, I'm ${avatar.names.en}. Type a script, pick a voice, and I will present it for you.`;
  const background = '#E4E6FB';
  const body = {
    layout: '1:1',
    resolution: 512,
    captions: { enabled: false },
    scenes: [{ subject: { kind: 'illustrated', avatarId: avatar.id, expression: 'happy' }, speech: { kind: 'script', text, voice: voice.key }, background: { kind: 'colour', colour: background } }],
    title: 'Talking avatar sample',
  };
  const { jobId, estimatedCost } = await call<{ jobId: string; estimatedCost: number }>(user, '/api/avatar/create', body);
  const job = await finished(user, jobId);
  const made = path.join(work, 'avatar.mp4');
  await download(job, (file) => file.role === 'video', made);
  const after = path.join(folder, 'after.mp4');
  const madeInfo = await probe(made);
  const madeBytes = (await stat(made)).size;
  let reencoded: string | null = null;
  if (madeBytes > VIDEO_BUDGET_BYTES || (madeInfo.width ?? 0) > 640) {
    await ffmpeg(['-i', made, '-vf', 'scale=min(640\\,iw):-2', '-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', after]);
    reencoded = `the product's MP4 was ${Math.round(madeBytes / 1024)} KB (${madeInfo.width}×${madeInfo.height}); re-encoded with ffmpeg libx264 -crf 30, AAC 96 kbps`;
  } else {
    await copyFile(made, after);
  }
  written.push(after);
  const info = await probe(after);
  const poster = await loudestMoment(after, info.seconds * 0.35, info.seconds * 0.7);
  await frame(after, poster, path.join(folder, 'after.jpg'));
  written.push(path.join(folder, 'after.jpg'));
  await copyFile(path.join(PUBLIC, avatar.thumbnailUrl), path.join(folder, 'before.png'));
  written.push(path.join(folder, 'before.png'));
  state.avatarPoster = path.join(folder, 'after.jpg');
  await writeJson(folder, {
    madeBy: MADE_BY,
    commit,
    tool: 'avatar (AI avatar video), built-in illustrated avatar',
    avatar: { id: avatar.id, name: avatar.names, description: avatar.descriptions, picture: avatar.thumbnailUrl, expression: 'happy' },
    voice: { voiceKey: voice.key, name: voice.name, language: voice.language },
    text,
    background,
    layout: '1:1',
    resolution: 512,
    captions: false,
    video: { file: '/samples/talking-photo/after.mp4', seconds: info.seconds, width: info.width, height: info.height, reencoded },
    poster: { file: '/samples/talking-photo/after.jpg', seconds: Math.round(poster * 100) / 100, chosen: 'the loudest 40 ms of the middle of the sentence (an open vowel)' },
    before: '/samples/talking-photo/before.png',
    points: { estimated: estimatedCost, settled: job.cost.settled },
  });
}

/**
 * The fill of the erasure sample, chosen by comparing the three by eye on clips made the same way
 * (frames at 1.4 s and 4.3 s; ffmpeg's gradients are random, so each run's picture differs): on the
 * smoothly moving gradient `fast` (ffmpeg delogo) leaves the cleanest picture, while `best` pastes
 * pixels from neighbouring frames in which the gradient has moved on (a visible patch, in one run
 * a hard-edged rectangle) and `inpaint` leaves streaks.
 */
const ERASURE_FILL = 'fast';

export async function videoErasureSample() {
  const user = state.apiUser!;
  const folder = path.join(SAMPLES, 'video-erasure');
  await mkdir(folder, { recursive: true });
  const lines = [
    { startSeconds: 0.4, text: 'Welcome to our little shop.' },
    { startSeconds: 3.2, text: 'Everything is half price today.' },
  ];
  const clip = await makeDubbingClip({ name: 'marketing-erasure', seconds: 6, lines, width: 640, height: 360, picture: 'shop', burnedSubtitles: true, cacheDir: work });
  const before = path.join(folder, 'before.mp4');
  await copyFile(clip.file, before);
  written.push(before);
  const uploadId = await upload(user, 'subtitled.mp4', before);
  const detect = await call<{ jobId: string }>(user, '/api/video-erasure/detect', { uploadId, detection: 'subtitles' });
  const found = await finished(user, detect.jobId);
  const regions = ((found.output ?? {}) as { regions?: Array<Record<string, unknown>> }).regions ?? [];
  if (regions.length === 0) throw new Error('the detector found no subtitles');
  const { jobId, cost } = await call<{ jobId: string; cost: number }>(user, '/api/video-erasure/create', { uploadId, regions, mode: 'regions', fill: ERASURE_FILL, title: 'Erasure sample' });
  const job = await finished(user, jobId);
  const made = path.join(work, 'erased.mp4');
  await download(job, (file) => file.role === 'video', made);
  const after = path.join(folder, 'after.mp4');
  const madeBytes = (await stat(made)).size;
  let reencoded: string | null = null;
  if (madeBytes > VIDEO_BUDGET_BYTES) {
    await ffmpeg(['-i', made, '-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-pix_fmt', 'yuv420p', '-c:a', 'copy', '-movflags', '+faststart', after]);
    reencoded = `the product's MP4 was ${Math.round(madeBytes / 1024)} KB; re-encoded with ffmpeg libx264 -crf 30 (audio copied)`;
  } else {
    await copyFile(made, after);
  }
  written.push(after);
  const first = clip.lines[0]!;
  const poster = Math.round(((first.startSeconds + first.endSeconds) / 2) * 100) / 100;
  for (const [video, jpg] of [[before, 'before.jpg'], [after, 'after.jpg']] as const) {
    await frame(video, poster, path.join(folder, jpg));
    written.push(path.join(folder, jpg));
  }
  const beforeInfo = await probe(before);
  const afterInfo = await probe(after);
  await writeJson(folder, {
    madeBy: MADE_BY,
    commit,
    tool: 'video-erasure',
    before: { file: '/samples/video-erasure/before.mp4', madeWith: 'tests/support/dubbing-media.ts makeDubbingClip (picture "shop", festival SLT voice, burned-in subtitles)', seconds: beforeInfo.seconds, width: beforeInfo.width, height: beforeInfo.height, subtitles: clip.lines },
    detected: regions.map((region) => ({ x: region.x, y: region.y, width: region.width, height: region.height, startSeconds: region.startSeconds, endSeconds: region.endSeconds, text: region.text })),
    after: { file: '/samples/video-erasure/after.mp4', mode: 'regions (from /api/video-erasure/detect)', fill: ERASURE_FILL, whyThisFill: 'the three fills compared by eye on clips made this way: fast (ffmpeg delogo) is cleanest on the smooth moving gradient; best (neighbouring frames) left a visible patch and inpaint left streaks', seconds: afterInfo.seconds, width: afterInfo.width, height: afterInfo.height, reencoded },
    posters: { files: ['/samples/video-erasure/before.jpg', '/samples/video-erasure/after.jpg'], seconds: poster, showing: first.text },
    points: cost,
  });
}
