import { ErrorCode } from '@voxwork/contract';
import type { DubbingCharacter } from '@voxwork/contract/dubbing';
import type { DubbingEditedState, DubbingProjectRecord } from '@voxwork/db';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error.ts';
import { dubbingEditRules } from './dubbing-edit-rules.ts';
import { castCharacters } from './dubbing.service.ts';

const character = (id: string, name: string, speaker: string | null, voices: Record<string, string> = {}): DubbingCharacter => ({ id, name, voices, speed: 1, volume: 1, originalSpeakerId: speaker });

describe('castCharacters', () => {
  it('matches by name first (any case), then the rest by the order of their original speakers (s2 before s10)', () => {
    const cast = [character('k1', 'Anna', 's1', { es: 'v/anna' }), character('k2', 'Ben', 's2', { es: 'v/ben' }), character('k3', 'Cleo', 's10', { es: 'v/cleo' })];
    const project = [character('p1', 'Speaker 10', 's10'), character('p2', 'ben', 's1', { fr: 'v/ben-fr' }), character('p3', 'Speaker 2', 's2'), character('p4', 'Extra', null)];
    expect(castCharacters(project, cast)).toEqual([
      character('p1', 'Cleo', 's10', { es: 'v/cleo' }),
      character('p2', 'ben', 's1', { fr: 'v/ben-fr', es: 'v/ben' }),
      character('p3', 'Anna', 's2', { es: 'v/anna' }),
      character('p4', 'Extra', null),
    ]);
  });

  it('leaves characters without a partner as they are', () => {
    const project = [character('p1', 'Solo', 's1', { es: 'v/own' })];
    expect(castCharacters(project, [])).toEqual(project);
  });
});

describe('dubbingEditRules', () => {
  const project: DubbingProjectRecord = {
    id: 'p',
    ownerId: 'u',
    edition: 'studio',
    title: 't',
    status: 'ready',
    error: null,
    origin: { kind: 'upload', jobId: null },
    prepareJobId: null,
    mediaKind: 'video',
    durationMs: 10_000,
    width: null,
    height: null,
    mediaKey: null,
    posterKey: null,
    peaksKey: null,
    backgroundKey: null,
    dialogueKey: null,
    sourceLanguage: 'en',
    targetLanguages: ['es'],
    characters: [character('c1', 'A', 's1')],
    glossary: [],
    pronunciations: [],
    settingsRevision: 1,
    revision: 1,
    segmentCount: 1,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
  const state = (overrides: Partial<DubbingEditedState>): DubbingEditedState => ({
    before: project,
    after: project,
    segments: [],
    translated: [],
    segmentCount: 1,
    untouchedCharacters: [],
    settingsChanged: false,
    ...overrides,
  });
  const codeOf = (work: () => void) => {
    try {
      work();
      return 0;
    } catch (error) {
      return error instanceof DomainError ? error.code : -1;
    }
  };
  const seg = { id: 's', revision: 1, startMs: 0, endMs: 1000, characterId: 'c1', sourceText: '', translations: {}, speed: 1, volume: 1, takes: {} };

  it('refuses a missing, foreign or unready project', () => {
    expect(codeOf(() => dubbingEditRules.editable(undefined, 'u'))).toBe(ErrorCode.DUBBING_PROJECT_NOT_FOUND);
    expect(codeOf(() => dubbingEditRules.editable(project, 'someone else'))).toBe(ErrorCode.DUBBING_PROJECT_NOT_FOUND);
    expect(codeOf(() => dubbingEditRules.editable({ ...project, status: 'preparing' }, 'u'))).toBe(ErrorCode.DUBBING_NOT_READY);
    expect(codeOf(() => dubbingEditRules.editable(project, 'u'))).toBe(0);
  });

  it('gives each broken rule its code, the times with a reason in both languages', () => {
    try {
      dubbingEditRules.check(state({ segments: [{ ...seg, endMs: 20_000 }] }));
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ code: ErrorCode.DUBBING_SEGMENT_TIMES, params: { segment: 's', reason: { en: 'it must lie within the media', zh: '必须位于媒体时长之内' } } });
    }
    expect(codeOf(() => dubbingEditRules.check(state({ segments: [{ ...seg, characterId: 'x' }] })))).toBe(ErrorCode.DUBBING_UNKNOWN_CHARACTER);
    expect(codeOf(() => dubbingEditRules.check(state({ untouchedCharacters: [{ segmentId: 'old', characterId: 'gone' }] })))).toBe(ErrorCode.DUBBING_UNKNOWN_CHARACTER);
    expect(codeOf(() => dubbingEditRules.check(state({ translated: [{ segmentId: 's', language: 'fr' }] })))).toBe(ErrorCode.DUBBING_LANGUAGE_NOT_IN_PROJECT);
    expect(codeOf(() => dubbingEditRules.check(state({ after: { ...project, targetLanguages: ['es', 'fr'] } })))).toBe(ErrorCode.DUBBING_STUDIO_ONE_LANGUAGE);
    expect(codeOf(() => dubbingEditRules.check(state({ before: { ...project, edition: 'pro' }, after: { ...project, edition: 'pro', targetLanguages: ['es', 'fr'] } })))).toBe(0);
    expect(codeOf(() => dubbingEditRules.check(state({ segmentCount: 5001 })))).toBe(ErrorCode.DUBBING_TOO_MANY_SEGMENTS);
    expect(codeOf(() => dubbingEditRules.check(state({ segments: [seg], translated: [{ segmentId: 's', language: 'es' }] })))).toBe(0);
  });
});
