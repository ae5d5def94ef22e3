/** Engine ids of the signal-processing voice engines (a module of its own so the registry imports nothing heavy). */
export const DSP_PROFILER_ENGINE_ID = 'dsp:voice-profile';
export const DSP_CONVERTER_ENGINE_ID = 'dsp:voice-match';
