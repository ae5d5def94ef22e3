import type { EngineSettingsByVendor } from './local-engine-settings.ts';
import { createEngineRegistry, type EngineDescriptor, type EngineRegistry } from './engine-registry.ts';
import { ESPEAK_ENGINE_ID, ESPEAK_LANGUAGES } from '../espeak/espeak-voices.ts';
import { APERTIUM_ENGINE_ID, APERTIUM_LANGUAGES } from '../apertium/apertium-pairs.ts';
import { DSP_CONVERTER_ENGINE_ID, DSP_PROFILER_ENGINE_ID } from '../dsp/dsp-engine-ids.ts';
import { FASTTEXT_LANGUAGES } from '../fasttext/fasttext-languages.ts';
import { FESTIVAL_ENGINE_ID, FESTIVAL_LANGUAGES } from '../festival/festival-voices.ts';
import { FLITE_ENGINE_ID, FLITE_LANGUAGES } from '../flite/flite-voices.ts';
import { POCKETSPHINX_ENGINE_ID, POCKETSPHINX_LANGUAGES } from '../pocketsphinx/pocketsphinx-output.ts';
import { PPOCR_ENGINE_ID, PPOCR_LANGUAGES } from '../ppocr/ppocr-languages.ts';
import { OPENCV_INPAINTER_ENGINE_ID } from '../opencv/opencv-engine-ids.ts';
import { FACE_LANDMARKS_ENGINE_ID, TALKING_PHOTO_ENGINE_ID } from '../avatar/avatar-engine-ids.ts';
import { ILLUSTRATED_AVATAR_ENGINE_ID } from '../avatar/illustrated/illustrated-avatar-engine-id.ts';
import type { FaceTracker } from '../capabilities/face-tracker.ts';
import type { Inpainter } from '../capabilities/inpainter.ts';
import type { TextDetector } from '../capabilities/text-detector.ts';
import { inWorkerThread } from '../threads/engine-thread.ts';

/**
 * Descriptors of the engines that run offline on our machines. Each adapter module is imported
 * only when its engine is first loaded. PP-OCR, the OpenCV inpainter and the face tracker compute
 * in long synchronous slices: they run in a worker thread of their own (`inWorkerThread`, decision
 * 066), so the API's event loop stays free while they work.
 */
export function localEngineDescriptors(settings: EngineSettingsByVendor = {}): EngineDescriptor[] {
  return [
    {
      id: ESPEAK_ENGINE_ID,
      capability: 'speech-synthesizer',
      displayName: 'eSpeak NG',
      languages: ESPEAK_LANGUAGES,
      location: 'local',
      qualityTier: 'basic',
      cost: { unit: 'characters', usdPerThousand: 0 },
      description: 'Formant synthesis: robotic but intelligible in ~100 languages, ~300× faster than real time; approximate word timings',
      load: async () => (await import('../espeak/espeak-speech-synthesizer.ts')).createEspeak(settings.espeak),
    } satisfies EngineDescriptor<'speech-synthesizer'>,
    {
      id: FESTIVAL_ENGINE_ID,
      capability: 'speech-synthesizer',
      displayName: 'Festival',
      languages: FESTIVAL_LANGUAGES,
      location: 'local',
      // SLT (HTS) is the voice that sets the tier; the diphone voices alone would be basic.
      qualityTier: 'standard',
      cost: { unit: 'characters', usdPerThousand: 0 },
      description:
        'Festival: the SLT HTS statistical parametric voice (US English) is clear but synthetic; the diphone voices (kal, ked, Italian, Czech, Finnish) are older and robotic, though as intelligible to a recognizer (pocketsphinx WER on our sentences: slt 11.6 %, kal 3.9 %, ked 14 %); Catalan HTS, Russian unit selection; exact word timings from festival itself',
      load: async () => (await import('../festival/festival-speech-synthesizer.ts')).createFestival(settings.festival),
    } satisfies EngineDescriptor<'speech-synthesizer'>,
    {
      id: FLITE_ENGINE_ID,
      capability: 'speech-synthesizer',
      displayName: 'Flite',
      languages: FLITE_LANGUAGES,
      location: 'local',
      qualityTier: 'basic',
      cost: { unit: 'characters', usdPerThousand: 0 },
      description:
        'Flite (festival-lite), English only: clustergen voices (slt, rms, awb) are intelligible but buzzy, kal is a robotic diphone voice; very fast; word times from its phone end times',
      load: async () => (await import('../flite/flite-speech-synthesizer.ts')).createFlite(settings.flite),
    } satisfies EngineDescriptor<'speech-synthesizer'>,
    {
      id: POCKETSPHINX_ENGINE_ID,
      capability: 'speech-recognizer',
      displayName: 'CMU PocketSphinx (US English)',
      languages: POCKETSPHINX_LANGUAGES,
      location: 'local',
      qualityTier: 'basic',
      cost: { unit: 'audio-seconds', usdPerThousand: 0 },
      description:
        'PocketSphinx 0.8 with its US English model (HMM + n-gram, no neural network): English only; ~35 % WER on real read speech, a few % on clear synthetic speech; word start/end/confidence; ~0.4 real time',
      load: async () => (await import('../pocketsphinx/pocketsphinx-speech-recognizer.ts')).createPocketsphinx(settings.pocketsphinx),
    } satisfies EngineDescriptor<'speech-recognizer'>,
    {
      id: 'silero:vad-v4',
      capability: 'voice-activity-detector',
      displayName: 'Silero VAD v4',
      languages: ['*'],
      location: 'local',
      qualityTier: 'standard',
      cost: { unit: 'audio-seconds', usdPerThousand: 0 },
      description: 'Neural voice activity detection (ONNX, CPU), language-independent',
      load: async () => (await import('../silero/silero-voice-activity-detector.ts')).createSilero(settings.silero),
    } satisfies EngineDescriptor<'voice-activity-detector'>,
    {
      id: DSP_PROFILER_ENGINE_ID,
      capability: 'voice-profiler',
      displayName: 'Voice profile (signal processing)',
      languages: ['*'],
      location: 'local',
      qualityTier: 'basic',
      cost: { unit: 'audio-seconds', usdPerThousand: 0 },
      description:
        'Measures a reference voice on its speech (silero VAD): median pitch and range (YIN), speaking rate, formants (LPC), long-term spectrum, loudness. A description for signal-processing voice matching; no speaker embedding',
      load: async () => (await import('../dsp/dsp-voice-profiler.ts')).createDspVoiceProfiler({ silero: settings.silero, ...settings.dsp }),
    } satisfies EngineDescriptor<'voice-profiler'>,
    {
      id: DSP_CONVERTER_ENGINE_ID,
      capability: 'voice-converter',
      displayName: 'Voice match (signal processing)',
      languages: ['*'],
      location: 'local',
      qualityTier: 'basic',
      cost: { unit: 'audio-seconds', usdPerThousand: 0 },
      description:
        'Signal-processing voice matching: moves pitch (rubberband R3, median within 1 %) and spectral envelope (formants, third-octave EQ) toward a dsp:voice-profile, keeps the timing to the sample; the speaker still sounds like the source speaker shifted, not neural cloning',
      load: async () => (await import('../dsp/dsp-voice-converter.ts')).createDspVoiceConverter(),
    } satisfies EngineDescriptor<'voice-converter'>,
    {
      id: 'rnnoise:rnnoise',
      capability: 'audio-separator',
      displayName: 'RNNoise',
      languages: ['*'],
      location: 'local',
      qualityTier: 'standard',
      cost: { unit: 'audio-seconds', usdPerThousand: 0 },
      description:
        'Speech denoising (Xiph RNNoise, small recurrent network, WASM) with a voice mask (speech activity and voicing, the music heard in pauses, the side channel of a centred stereo voice): stems vocals (mono) and noise (the residual, the input’s channels); steady noise goes well, music spread wide in stereo mostly leaves the voice, centred or mono music and other voices partly stay in it',
      stems: ['vocals', 'noise'],
      load: async () => (await import('../rnnoise/rnnoise-audio-separator.ts')).createRnnoise(),
    } satisfies EngineDescriptor<'audio-separator'>,
    {
      id: APERTIUM_ENGINE_ID,
      capability: 'translator',
      displayName: 'Apertium',
      languages: APERTIUM_LANGUAGES,
      location: 'local',
      qualityTier: 'basic',
      cost: { unit: 'characters', usdPerThousand: 0 },
      description:
        'Rule-based machine translation (Debian pairs): English with Spanish, Catalan, Galician and Esperanto both ways; Basque, Serbo-Croatian, Icelandic and Macedonian into English. Gist level; ~4,000 words/s; no Chinese, Japanese, German, French or Russian pair',
      load: async () => (await import('../apertium/apertium-translator.ts')).createApertium(settings.apertium),
    } satisfies EngineDescriptor<'translator'>,
    {
      id: PPOCR_ENGINE_ID,
      capability: 'text-detector',
      displayName: 'PP-OCRv4 (Chinese + English)',
      languages: PPOCR_LANGUAGES,
      location: 'local',
      qualityTier: 'standard',
      cost: { unit: 'video-seconds', usdPerThousand: 0 },
      description:
        'Burned-in text by PaddleOCR PP-OCRv4 (ONNX, CPU): finds the subtitle band and times each subtitle line to a frame (97–100 % of characters, starts and ends within 0.08 s on our generated Chinese and English dramas; 0.25–0.45× real time at 720p on two shared cores); all text on screen for erasing; simplified/traditional Chinese, English, digits',
      load: async () =>
        inWorkerThread<TextDetector, 'doDetect'>({
          module: new URL('../ppocr/ppocr-text-detector.ts', import.meta.url),
          factory: 'createPpocr',
          args: [settings.ppocr],
          engineId: PPOCR_ENGINE_ID,
          fields: { specificationVersion: 'v1', engineId: PPOCR_ENGINE_ID },
          methods: ['doDetect'],
        }),
    } satisfies EngineDescriptor<'text-detector'>,
    {
      id: OPENCV_INPAINTER_ENGINE_ID,
      capability: 'inpainter',
      displayName: 'Video erasure (temporal fill + OpenCV inpainting)',
      languages: ['*'],
      location: 'local',
      qualityTier: 'standard',
      cost: { unit: 'video-seconds', usdPerThousand: 0 },
      description:
        'Removes burned-in text, logos and drawn regions: the background from neighbouring frames where it shows through (camera motion measured and checked around each mask), OpenCV TELEA/NS inpainting (WebAssembly) for the rest, ffmpeg delogo as the fast mode; only masked pixels change, audio copied (decision 029)',
      load: async () =>
        inWorkerThread<Inpainter, 'doInpaint'>({
          module: new URL('../opencv/opencv-video-inpainter.ts', import.meta.url),
          factory: 'createOpencvInpainter',
          engineId: OPENCV_INPAINTER_ENGINE_ID,
          fields: { specificationVersion: 'v1', engineId: OPENCV_INPAINTER_ENGINE_ID },
          methods: ['doInpaint'],
        }),
    } satisfies EngineDescriptor<'inpainter'>,
    {
      id: FACE_LANDMARKS_ENGINE_ID,
      capability: 'face-tracker',
      displayName: 'Face landmarks (face-api, 68 points)',
      languages: ['*'],
      location: 'local',
      qualityTier: 'standard',
      cost: { unit: 'frames', usdPerThousand: 0 },
      description:
        'Faces and 68 landmarks by @vladmandic/face-api (SSD MobileNet v1 + landmark net, tfjs WebAssembly, models inside the npm package): 0.4–0.6 s per 960 px picture on one core; videos sampled at 2 frames/s with track ids by overlap',
      load: async () =>
        inWorkerThread<FaceTracker, 'doTrack'>({
          module: new URL('../avatar/face-landmarks.ts', import.meta.url),
          factory: 'createFaceLandmarks',
          engineId: FACE_LANDMARKS_ENGINE_ID,
          fields: { specificationVersion: 'v1', engineId: FACE_LANDMARKS_ENGINE_ID },
          methods: ['doTrack'],
        }),
    } satisfies EngineDescriptor<'face-tracker'>,
    {
      id: TALKING_PHOTO_ENGINE_ID,
      capability: 'animator',
      displayName: 'Talking photo (mesh warp)',
      languages: ['*'],
      location: 'local',
      qualityTier: 'basic',
      cost: { unit: 'video-seconds', usdPerThousand: 0 },
      description:
        'A portrait photo speaks without neural weights: a triangle mesh on the face (face-api landmarks) moves jaw, lips and cheeks with the speech (loudness and visemes from word timings), a drawn inner mouth, blinks, slow head motion and breathing; H.264/AAC at 128–1080 px, 50–72 frames/s end to end at 512 px, 16–20 at 1080 px on two shared cores. Convincing for short clips and small sizes; no teeth of the person, no expression, no head turns (decision 034)',
      load: async () => (await import('../avatar/talking-photo.ts')).createTalkingPhoto(),
    } satisfies EngineDescriptor<'animator'>,
    {
      id: ILLUSTRATED_AVATAR_ENGINE_ID,
      capability: 'animator',
      displayName: 'Illustrated avatars',
      languages: ['*'],
      location: 'local',
      qualityTier: 'standard',
      cost: { unit: 'video-seconds', usdPerThousand: 0 },
      description:
        'Built-in illustrated avatars (flat vector style, drawn by our code with Skia): mouth shapes per viseme from the speech and its word timings, blinks, head sway with the loudness, breathing; neutral/happy/serious; frames streamed to the compositor, transparent around the avatar (decision 035)',
      load: async () => (await import('../avatar/illustrated/illustrated-avatar-animator.ts')).createIllustratedAvatarAnimator(),
    } satisfies EngineDescriptor<'animator'>,
    {
      id: 'fasttext:lid-176',
      capability: 'language-identifier',
      displayName: 'fastText language ID (lid.176)',
      languages: FASTTEXT_LANGUAGES,
      location: 'local',
      qualityTier: 'standard',
      cost: { unit: 'characters', usdPerThousand: 0 },
      description: 'Text language identification in 176 languages (fastText lid.176, quantised, WASM); script rules for short Chinese, Japanese and Korean texts; written Chinese is zh',
      load: async () => (await import('../fasttext/fasttext-language-identifier.ts')).createFasttext(settings.fasttext),
    } satisfies EngineDescriptor<'language-identifier'>,
  ];
}

export function createLocalEngineRegistry(settings: EngineSettingsByVendor = {}): EngineRegistry {
  return createEngineRegistry(localEngineDescriptors(settings));
}
