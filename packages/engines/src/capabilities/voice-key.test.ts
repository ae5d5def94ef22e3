import { describe, expect, it } from 'vitest';
import { formatVoiceKey, parseVoiceKey } from './voice-key.ts';

describe('voice keys', () => {
  it('round-trips engine and voice ids, slashes in voice ids included', () => {
    expect(formatVoiceKey('espeak:espeak-ng', 'en-us+f3')).toBe('espeak:espeak-ng/en-us+f3');
    expect(parseVoiceKey('espeak:espeak-ng/en-us+f3')).toEqual({ engineId: 'espeak:espeak-ng', voiceId: 'en-us+f3' });
    expect(parseVoiceKey('acme:tts/voices/42')).toEqual({ engineId: 'acme:tts', voiceId: 'voices/42' });
  });

  it('refuses keys without an engine id or a voice', () => {
    expect(parseVoiceKey('en-us')).toBeUndefined();
    expect(parseVoiceKey('espeak:espeak-ng/')).toBeUndefined();
    expect(parseVoiceKey('Espeak/en')).toBeUndefined();
  });
});
