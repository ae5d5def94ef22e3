import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ErrorCode, type JobView, type VideoTranslationReview } from '@voxwork/contract';
import { describe, expect, it } from 'vitest';
import { createVerifiedUser, signedCall } from '../support/accounts.ts';
import { levelDb, makeDubbingClip } from '../support/dubbing-media.ts';
import { TEST_OPERATOR_TOKEN, TEST_SIGN_SECRET } from '../support/server-process.ts';
import { testDatabases } from '../support/test-database.ts';
import { useVideoTranslationApp } from '../support/video-translation-app.ts';
import { measureVoiceInFiles } from '../../packages/engines/src/index.ts';
import { createJobService, type PipelineMap } from '@voxwork/core';
import { createJobRepository } from '@voxwork/db';

const run = promisify(execFile);

/**
 * Video translation's pro mode over HTTP with the real local engines: the run waits at its review
 * gate, where lines are edited, spoken again alone and charged per line, fitted, moved between
 * speakers, or the run cancelled with every point back; speakers told apart by voice and given
 * voices of their gender; then the plan's limits (points, runs a month). The tests run in order:
 * from the review gate's test on, each runs as the user the one before left (the first tests
 * switch to users of their own, so the free plan's runs a month are counted apart).
 */
// PostgreSQL when CI has it (the review gate's two-tab race is a real row lock there), else PGlite.
describe.each(testDatabases().slice(-1))('video translation review on %s', (_name, open) => {
  const vt = useVideoTranslationApp(open, 'vt-pro');
  const { call, data, points, until, untilPaused, upload } = vt;

  it('pro: waits at the review gate; an edited line is spoken again alone and charged per line; then exports', async () => {
    // A user of its own: the free plan's 3 runs a month are the other tests'.
    vt.user = await createVerifiedUser(vt.base, vt.testApp.dataDir, `vt-review-${Date.now()}@example.com`);
    const uploadId = await upload('review.mp4', vt.clip.file);
    const before = await points();
    const created = await data<{ jobId: string; cost: number }>('/api/video-translation/create', {
      uploadId, sourceLanguage: 'en', targetLanguages: ['es'], textSource: 'subtitle-file', subtitleFile: { name: 'review.srt', text: await readFile(vt.clip.srt, 'utf8') }, mode: 'pro',
    });
    const { jobId } = created;
    const paused = await untilPaused(jobId);
    expect(paused.currentStage).toBe('review');
    // Every line spoken and fitted; the voice track can be heard before export; nothing pending.
    let review = await data<VideoTranslationReview>('/api/video-translation/review', { jobId });
    expect(review.lines).toHaveLength(4);
    const [spanish] = review.targets;
    expect(spanish!.previewUrl).toBeTruthy();
    expect((await fetch(new URL(spanish!.previewUrl!, vt.base))).status).toBe(200);
    expect(spanish!.lines.every((line) => line.fit !== null && !line.pending)).toBe(true);
    expect(review.pending).toEqual({ lines: 0, cost: 0 });
    expect((await call('/api/video-translation/review/regenerate', { jobId })).code).toBe(ErrorCode.VIDEO_TRANSLATION_NOTHING_TO_REGENERATE);
    expect((await call('/api/video-translation/review/save', { jobId, lines: [{ id: 'l0099', translations: { es: 'x' } }] })).code).toBe(ErrorCode.VIDEO_TRANSLATION_LINE_UNKNOWN);
    expect(await points()).toMatchObject({ freezePoint: before.freezePoint + created.cost });

    // Edit one translation: saved for free, shown as pending with its price.
    const edited = 'Hola a todos, esta línea la escribió una persona.';
    review = await data<VideoTranslationReview>('/api/video-translation/review/save', { jobId, lines: [{ id: 'l0002', translations: { es: edited } }] });
    expect(review.targets[0]!.lines[1]).toMatchObject({ id: 'l0002', translation: edited, edited: true, pending: true });
    expect(review.pending).toEqual({ lines: 1, cost: 2 });
    const exported = await call('/api/video-translation/review/approve', { jobId }, 'zh');
    expect(exported.code).toBe(ErrorCode.VIDEO_TRANSLATION_UNSPOKEN_EDITS);
    expect(exported.message).toContain('1');

    const jobDir = path.join(vt.testApp.dataDir, 'jobs', jobId);
    const mtime = async (name: string) => (await stat(path.join(jobDir, name))).mtimeMs;
    const untouched = [await mtime('es-part-00001.wav'), await mtime('es-part-00003.wav'), await mtime('es-part-00004.wav')];
    const editedBefore = await mtime('es-part-00002.wav');
    // Regenerate: only that line, 2 points frozen now; of two clicks at once (two tabs), one wins and the other finds the job no longer waiting.
    const clicks = await Promise.all([call('/api/video-translation/review/regenerate', { jobId }), call('/api/video-translation/review/regenerate', { jobId })]);
    expect(clicks.map((click) => click.code).sort((a, b) => a - b)).toEqual([0, ErrorCode.JOB_NOT_WAITING]);
    expect(clicks.find((click) => click.code === 0)!.data).toEqual({ lines: 1, cost: 2 });
    await untilPaused(jobId);
    expect([await mtime('es-part-00001.wav'), await mtime('es-part-00003.wav'), await mtime('es-part-00004.wav')]).toEqual(untouched);
    expect(await mtime('es-part-00002.wav')).toBeGreaterThan(editedBefore);
    review = await data<VideoTranslationReview>('/api/video-translation/review', { jobId });
    expect(review.pending).toEqual({ lines: 0, cost: 0 });
    expect(review.targets[0]!.lines[1]).toMatchObject({ translation: edited, edited: true, pending: false });
    const ledger = await data<{ list: Array<{ type: string; availableDelta: number; jobId: string | null; reason: string | null }> }>('/bill/point/consume/pageList', { pageSize: 10 });
    const entries = ledger.list.filter((entry) => entry.jobId === jobId);
    expect(entries.map((entry) => [entry.type, entry.availableDelta, entry.reason])).toEqual([
      ['freeze', -2, 'video-translation.regenerate:1'],
      ['freeze', -created.cost, null],
    ]);

    // Export: the job goes on, the edited line is in the subtitles, and the job's points settle once (whole video + one line).
    await data('/api/video-translation/review/approve', { jobId });
    const job = await until(jobId);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.cost).toMatchObject({ frozen: created.cost + 2, settled: created.cost + 2 });
    const srt = await (await fetch(new URL(job.media.find((media) => media.name === 'es-subtitles.srt')!.url, vt.base))).text();
    expect(srt).toContain(edited);
    expect(await points()).toMatchObject({ availablePoint: before.availablePoint - created.cost - 2, freezePoint: before.freezePoint });
    expect((await call('/api/video-translation/review', { jobId })).code).toBe(ErrorCode.JOB_NOT_WAITING);
  }, 300_000);

  it('pro: a line longer than its slot is never cut; at review it can use the pause after it, for free, with nothing spoken again (issue 31.3)', async () => {
    vt.user = await createVerifiedUser(vt.base, vt.testApp.dataDir, `vt-overrun-${Date.now()}@example.com`);
    const uploadId = await upload('overrun.mp4', vt.clip.file);
    // Line 2 has 0.6 s for a long sentence and a pause of 3.4 s after it; line 4 starts 0.8 s before the end of the 12 s video.
    const srt = [
      '1\n00:00:00,500 --> 00:00:02,500\nWelcome to our little shop.',
      '2\n00:00:03,000 --> 00:00:03,600\nThe battery lasts all day and all night, even without a charge.',
      '3\n00:00:07,000 --> 00:00:07,800\nBuy it today.',
      '4\n00:00:11,200 --> 00:00:11,800\nAnd tell every one of your friends about our little shop.',
    ].join('\n\n');
    const created = await data<{ jobId: string; cost: number }>('/api/video-translation/create', {
      uploadId, sourceLanguage: 'en', targetLanguages: ['es'], textSource: 'subtitle-file', subtitleFile: { name: 'overrun.srt', text: srt }, mode: 'pro',
    });
    const { jobId } = created;
    await untilPaused(jobId);
    const jobDir = path.join(vt.testApp.dataDir, 'jobs', jobId);
    const seconds = async (name: string) => Number((await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path.join(jobDir, name)])).stdout.trim());
    let review = await data<VideoTranslationReview>('/api/video-translation/review', { jobId });
    let lines = review.targets[0]!.lines;
    expect(lines.map((line) => line.fit)).toEqual([expect.any(String), 'overrun', expect.any(String), 'overrun']);
    expect(lines[1]!.overrunSeconds).toBeGreaterThan(0);
    // The last line's speech, whole at 1.3×, starts earlier in the silence before it: it ends with the video, not past it.
    const lastSpeech = (await seconds('es-part-00004.wav')) / lines[3]!.speed!;
    expect(lines[3]!.dubStartSeconds!).toBeLessThan(11.2);
    expect(lines[3]!.dubStartSeconds! + lastSpeech).toBeLessThanOrEqual(review.durationSeconds + 0.02);
    // The voice track holds every line whole and ends within the video (nothing is left for the mix to cut).
    expect(await seconds('es-voice.wav')).toBeLessThanOrEqual(review.durationSeconds + 0.05);
    expect(await levelDb(path.join(jobDir, 'es-voice.wav'), lines[3]!.dubStartSeconds! + lastSpeech - 0.6, lines[3]!.dubStartSeconds! + lastSpeech)).toBeGreaterThan(-40);

    // "Use the pause after it" for line 2: free (no points frozen), nothing spoken again; it now fits before line 3.
    const partBefore = (await stat(path.join(jobDir, 'es-part-00002.wav'))).mtimeMs;
    const pointsBefore = await points();
    expect((await call('/api/video-translation/review/fit', { jobId, language: 'es', lineId: 'l0099', choice: 'borrow' })).code).toBe(ErrorCode.VIDEO_TRANSLATION_LINE_UNKNOWN);
    await data('/api/video-translation/review/fit', { jobId, language: 'es', lineId: 'l0002', choice: 'borrow' });
    await untilPaused(jobId);
    review = await data<VideoTranslationReview>('/api/video-translation/review', { jobId });
    lines = review.targets[0]!.lines;
    expect(lines[1]).toMatchObject({ fitChoice: 'borrow', overrunSeconds: 0 });
    expect(['borrowed', 'sped-up']).toContain(lines[1]!.fit);
    expect(lines[1]!.speed!).toBeLessThanOrEqual(1.3);
    // Whole: its speech at its speed is as long as its placement, which ends before line 3 starts.
    expect(Math.abs((await seconds('es-part-00002.wav')) / lines[1]!.speed! - (lines[1]!.dubEndSeconds! - lines[1]!.dubStartSeconds!))).toBeLessThan(0.02);
    expect(lines[1]!.dubEndSeconds!).toBeLessThanOrEqual(review.lines[2]!.startSeconds);
    expect((await stat(path.join(jobDir, 'es-part-00002.wav'))).mtimeMs).toBe(partBefore);
    expect(await points()).toEqual(pointsBefore);
    expect(review.pending).toEqual({ lines: 0, cost: 0 });

    await data('/api/video-translation/review/approve', { jobId });
    const job = await until(jobId);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.cost).toMatchObject({ settled: created.cost });
  }, 300_000);

  it('pro: a run cancelled, or left too long, while it waits for review gives every point back', async () => {
    const uploadId = await upload('cancel.mp4', vt.clip.file);
    const before = await points();
    const { jobId } = await data<{ jobId: string }>('/api/video-translation/create', {
      uploadId, sourceLanguage: 'en', targetLanguages: ['es'], textSource: 'subtitle-file', subtitleFile: { name: 'cancel.srt', text: await readFile(vt.clip.srt, 'utf8') }, mode: 'pro',
    });
    await untilPaused(jobId);
    await data('/api/video-translation/review/save', { jobId, lines: [{ id: 'l0001', translations: { es: 'Una línea nueva.' } }] });
    await data('/api/video-translation/review/regenerate', { jobId });
    await untilPaused(jobId);
    expect((await data<JobView>('/api/jobs/cancel', { jobId })).status).toBe('cancelled');
    expect(await points()).toMatchObject({ availablePoint: before.availablePoint, freezePoint: before.freezePoint });
    expect((await call('/api/video-translation/review/approve', { jobId })).code).toBe(ErrorCode.JOB_NOT_WAITING);

    // A run left at the gate past JOB_REVIEW_DAYS is cancelled by the sweeper, its points returned.
    const left = await data<{ jobId: string }>('/api/video-translation/create', {
      uploadId, sourceLanguage: 'en', targetLanguages: ['es'], textSource: 'subtitle-file', subtitleFile: { name: 'left.srt', text: await readFile(vt.clip.srt, 'utf8') }, mode: 'pro',
    });
    await untilPaused(left.jobId);
    const sweeper = createJobService({ jobs: createJobRepository(vt.testApp.app.database.db), queue: { send: () => Promise.resolve() }, pipelines: {} as PipelineMap });
    expect(await sweeper.sweep(new Date(0), { pausedBefore: new Date(Date.now() - 3_600_000) })).toMatchObject({ expired: 0 });
    expect(await sweeper.sweep(new Date(0), { pausedBefore: new Date(Date.now() + 1000) })).toMatchObject({ expired: 1 });
    expect((await data<JobView>('/api/jobs/get', { jobId: left.jobId })).status).toBe('cancelled');
    expect(await points()).toMatchObject({ availablePoint: before.availablePoint, freezePoint: before.freezePoint });
  }, 180_000);

  it('two speakers, a woman and a man: each line gets its speaker and each speaker a voice; at review a line moved to the other speaker is pending alone', async () => {
    const lines = [
      { startSeconds: 0.5, text: 'Good morning, welcome to the market.', voice: 'cmu_us_slt_arctic_hts' },
      { startSeconds: 3.6, text: 'Thank you. What do you have today?', voice: 'kal_diphone' },
      { startSeconds: 6.8, text: 'Fresh bread and apples from the hills.', voice: 'cmu_us_slt_arctic_hts' },
      { startSeconds: 10.0, text: 'I will take two loaves, please.', voice: 'kal_diphone' },
    ];
    const duet = await makeDubbingClip({ name: 'vt-en-duet-14s', seconds: 14, lines });
    const uploadId = await upload('duet.mp4', duet.file);
    const { jobId } = await data<{ jobId: string }>('/api/video-translation/create', {
      uploadId, sourceLanguage: 'en', targetLanguages: ['es'], textSource: 'subtitle-file', subtitleFile: { name: 'duet.srt', text: await readFile(duet.srt, 'utf8') }, mode: 'pro',
    });
    await untilPaused(jobId);
    let review = await data<VideoTranslationReview>('/api/video-translation/review', { jobId });
    expect(review.lines.map((line) => line.speakerId)).toEqual(['s1', 's2', 's1', 's2']);
    expect(review.speakers.map((speaker) => [speaker.speakerId, speaker.suggestedGender])).toEqual([['s1', 'female'], ['s2', 'male']]);
    const [voiceOne, voiceTwo] = review.targets[0]!.speakers;
    // Nobody chose a voice: the man gets a voice of his own, suiting him.
    expect(voiceTwo!.voiceKey).toBe('auto');
    expect(voiceTwo!.spokenVoiceKey).not.toBe(voiceOne!.spokenVoiceKey);
    const library = await data<{ list: Array<{ key: string; gender: string | null }> }>('/api/voices/list', { tab: 'all', language: 'es', pageSize: 50 });
    expect(library.list.find((voice) => voice.key === voiceTwo!.spokenVoiceKey)?.gender).toBe('male');
    expect(review.pending.lines).toBe(0);

    // The third line is the man's after all: moved, it alone waits to be spoken again (in his voice).
    review = await data<VideoTranslationReview>('/api/video-translation/review/save', { jobId, speakers: { moves: [{ lineId: 'l0003', speakerId: 's2' }] } });
    expect(review.lines.map((line) => line.speakerId)).toEqual(['s1', 's2', 's2', 's2']);
    expect(review.targets[0]!.lines.filter((line) => line.pending).map((line) => line.id)).toEqual(['l0003']);
    expect(review.pending).toEqual({ lines: 1, cost: 2 });
    expect((await call('/api/video-translation/review/save', { jobId, speakers: { merges: [{ from: 's9', into: 's1' }] } })).code).toBe(ErrorCode.INVALID_PARAMETER);
    expect((await data<JobView>('/api/jobs/cancel', { jobId })).status).toBe('cancelled');
  }, 240_000);

  it('two speakers, a man at ~106 Hz and a woman at ~213 Hz over the music: each the right gender and a voice of that gender of their own, in quick and pro', async () => {
    // Festival's ked pitched down and slt pitched up (tempo kept): 106 / 213 Hz measured alone (issue 31's man at 105 Hz, woman at 213 Hz).
    const man = { voice: 'ked_diphone', pitch: 0.92 };
    const woman = { pitch: 1.2 };
    const lines = [
      { startSeconds: 0.5, text: 'Thank you. What do you have today?', ...man },
      { startSeconds: 4.3, text: 'Good morning, welcome to the market.', ...woman },
      { startSeconds: 7.4, text: 'I will take two loaves, please.', ...man },
      { startSeconds: 10.6, text: 'Fresh bread and apples from the hills.', ...woman },
    ];
    const duet = await makeDubbingClip({ name: 'vt-en-man-woman-14s', seconds: 14, lines });
    // A user of its own: its two runs count against no other test's monthly limit.
    const first = vt.user;
    vt.user = await createVerifiedUser(vt.base, vt.testApp.dataDir, `vt-voices-${Date.now()}@example.com`);
    try {
    const measured = await Promise.all([0, 1].map(async (index) => (await measureVoiceInFiles([duet.speechFiles[index]!])).medianPitchHz!));
    expect(measured[0]).toBeLessThan(120);
    expect(measured[1]).toBeGreaterThan(200);
    const library = await data<{ list: Array<{ key: string; name: string; gender: string | null }> }>('/api/voices/list', { tab: 'all', language: 'es', pageSize: 50 });
    const genderOf = (key: string | null | undefined) => library.list.find((voice) => voice.key === key)?.gender;
    const uploadId = await upload('man-woman.mp4', duet.file);
    const request = { uploadId, sourceLanguage: 'en', targetLanguages: ['es'], textSource: 'subtitle-file', subtitleFile: { name: 'man-woman.srt', text: await readFile(duet.srt, 'utf8') } };

    // Pro: at the review, the man is a man and the woman a woman, each spoken by a voice of their gender, two different voices.
    const pro = await data<{ jobId: string }>('/api/video-translation/create', { ...request, mode: 'pro' });
    await untilPaused(pro.jobId);
    const review = await data<VideoTranslationReview>('/api/video-translation/review', { jobId: pro.jobId });
    expect(review.lines.map((line) => line.speakerId)).toEqual(['s1', 's2', 's1', 's2']);
    expect(review.speakers.map((speaker) => [speaker.speakerId, speaker.suggestedGender])).toEqual([['s1', 'male'], ['s2', 'female']]);
    const [proMan, proWoman] = review.targets[0]!.speakers;
    expect([proMan!.voiceKey, proWoman!.voiceKey]).toEqual(['auto', 'auto']);
    expect([genderOf(proMan!.spokenVoiceKey), genderOf(proWoman!.spokenVoiceKey)]).toEqual(['male', 'female']);
    expect(proMan!.spokenVoiceKey).not.toBe(proWoman!.spokenVoiceKey);
    // The person may still choose: a voice chosen for the man is his (as before).
    const otherMale = library.list.find((voice) => voice.gender === 'male' && voice.key !== proMan!.spokenVoiceKey)!;
    const chosen = await data<VideoTranslationReview>('/api/video-translation/review/save', { jobId: pro.jobId, speakerVoices: { es: { s1: otherMale.key } } });
    expect(chosen.targets[0]!.speakers[0]!.voiceKey).toBe(otherMale.key);
    expect((await data<JobView>('/api/jobs/cancel', { jobId: pro.jobId })).status).toBe('cancelled');

    // Quick: the same, in the finished result.
    const quick = await data<{ jobId: string }>('/api/video-translation/create', request);
    const done = await until(quick.jobId);
    expect(done.status, JSON.stringify(done.error ?? null)).toBe('completed');
    const result = done.output as unknown as { speakers: Array<{ speakerId: string; medianPitchHz: number; suggestedGender: string }>; targets: Array<{ speakerVoices: Record<string, string> }> };
    expect(result.speakers.map((speaker) => [speaker.speakerId, speaker.suggestedGender])).toEqual([['s1', 'male'], ['s2', 'female']]);
    const voices = result.targets[0]!.speakerVoices;
    expect([genderOf(voices.s1), genderOf(voices.s2)]).toEqual(['male', 'female']);
    expect(voices.s1).not.toBe(voices.s2);
    console.info(`man-woman: measured alone ${measured.map((hz) => hz.toFixed(1)).join(' / ')} Hz; speakers ${result.speakers.map((speaker) => `${speaker.speakerId} ${speaker.medianPitchHz} Hz ${speaker.suggestedGender}`).join(', ')}; voices quick ${JSON.stringify(voices)}, pro ${proMan!.spokenVoiceKey} / ${proWoman!.spokenVoiceKey}`);
    } finally {
      vt.user = first;
    }
  }, 400_000);

  it('too few points: refused with the raw code the page offers a top-up for, nothing frozen, no run counted', async () => {
    const before = await points();
    const videoId = await upload('poor.mp4', vt.clip.file);
    const operator = (pathName: string, body: unknown) => signedCall(vt.base, TEST_SIGN_SECRET, pathName, body, { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` });
    const drain = before.availablePoint - 10;
    expect((await operator('/api/operator/points/adjust', { userId: vt.user.userId, points: -drain, reason: 'test: too few points', requestId: `vt-drain-${Date.now()}` })).code).toBe(0);
    const used = (await data<{ usedThisMonth: number; monthlyLimit: number }>('/api/video-translation/options', {})).usedThisMonth;
    // (Below the monthly limit, so that points are what refuses it.)
    expect(used).toBeLessThan(3);
    const poor = await call('/api/video-translation/create', { uploadId: videoId, sourceLanguage: 'en', targetLanguages: ['es'], textSource: 'subtitle-file', subtitleFile: { name: 'a.srt', text: await readFile(vt.clip.srt, 'utf8') } }, 'zh');
    expect(poor.code).toBe(ErrorCode.POINTS_INSUFFICIENT);
    expect(await points()).toMatchObject({ availablePoint: 10, freezePoint: before.freezePoint });
    expect((await data<{ usedThisMonth: number }>('/api/video-translation/options', {})).usedThisMonth).toBe(used);
    expect((await operator('/api/operator/points/adjust', { userId: vt.user.userId, points: drain, reason: 'test: points back', requestId: `vt-refill-${Date.now()}` })).code).toBe(0);
  });

  it('counts runs against the plan’s monthly video translations (free: 3), failed runs not counted', async () => {
    const uploadId = await upload('shop.mp4', vt.clip.file);
    const request = { uploadId, sourceLanguage: 'en', targetLanguages: ['es'], textSource: 'subtitle-file', subtitleFile: { name: 'a.srt', text: await readFile(vt.clip.srt, 'utf8') } };
    const used = (await data<{ usedThisMonth: number }>('/api/video-translation/options', {})).usedThisMonth;
    for (let index = used; index < 3; index += 1) await data('/api/video-translation/create', request);
    const refused = await call('/api/video-translation/create', request, 'zh');
    expect(refused.code).toBe(ErrorCode.VIDEO_TRANSLATION_MONTHLY_LIMIT);
    expect(refused.message).toContain('3');
  });
});
