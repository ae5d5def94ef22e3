/** `@echogarden/espeak-ng-emscripten` ships no types: its default export is the Emscripten module factory. */
declare module '@echogarden/espeak-ng-emscripten' {
  export interface EspeakLibraryEvent {
    type: 'list_terminated' | 'word' | 'sentence' | 'mark' | 'play' | 'end' | 'msg_terminated' | 'phoneme' | 'samplerate';
    /** 1-based, in characters (code points) of the text given to `synthesize`. */
    text_position: number;
    /** In characters. */
    word_length: number;
    /** Milliseconds from the start of the synthesis. */
    audio_position: number;
    id: string | number | undefined;
  }

  export interface EspeakLibraryVoice {
    name: string;
    /** The voice file under `espeak-ng-data/lang`, e.g. `gmw/en-US`. */
    identifier: string;
    languages: Array<{ priority: number; name: string }>;
  }

  export interface ESpeakNGWorker {
    /** 0 on success. Takes a voice name, language or identifier, optionally `+variant`. */
    set_voice(name: string): number;
    set_rate(wordsPerMinute: number): void;
    set_pitch(pitch: number): void;
    set_volume(amplitude: number): void;
    readonly samplerate: number;
    list_voices(): EspeakLibraryVoice[];
    /** Synthesises SSML; the callback gets each chunk of 16-bit samples with its events and returns true to stop. */
    synthesize(text: string, callback: (samples: Int16Array | undefined, events: EspeakLibraryEvent[]) => boolean): void;
  }

  export interface EspeakLibraryModule {
    eSpeakNGWorker: new () => ESpeakNGWorker;
    FS: {
      readdir(path: string): string[];
      readFile(path: string, options: { encoding: 'utf8' }): string;
    };
  }

  const createEspeakModule: (overrides?: Record<string, unknown>) => Promise<EspeakLibraryModule>;
  export default createEspeakModule;
}
