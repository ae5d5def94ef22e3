/**
 * bench:editor — the dubbing editor with a long project, in Debian's Chromium against the real app
 * (embedded default: one process, PGlite, a fresh DATA_DIR). A generated 60-minute video becomes a
 * dubbing-pro project; 1,000 segments are written in one edit batch (source text and Spanish
 * translation) and, unless `--takes 0`, spoken by the local engines so each has a take and a dub
 * waveform. Then, at 1440×900:
 *   - open: from the project list as people open a project (a click on its card → the editor's first
 *     painted frame, the `dubbing:editor-ready` mark), and as a page load: navigation start → that
 *     frame, cold (new browser context, empty cache) and warm (reload); median of `--runs`;
 *   - edits: the app's `dubbing:edit` measure (an edit → the frame that shows it) for drags, typed
 *     times, text commits, splits and merges, at the start, the middle and the end of the hour;
 *   - drag frames: each pointer move of a drag → the next painted frame (measured in the page);
 *   - input → next paint of every discrete interaction (the browser's Event Timing, ≥ 16 ms only),
 *     and long animation frames (≥ 50 ms) seen during the interactions.
 * Targets (issue 17): open < 1.5 s, a drag or an edit answers in < 50 ms. Figures, not assertions.
 *   npm run bench:editor [-- --segments 1000 --minutes 60 --runs 5 --takes 1 --data-dir DIR --trace --skip-open]
 * `--trace` records a Chromium trace of the interactions and prints where the edits' time went
 * (main-thread work by kind inside each `dubbing:edit` measure; the trace itself slows things a little).
 * `--profile` records a JavaScript CPU profile of the interactions and prints the functions with the
 * most self time (minified names; the file tells whose code it is).
 * `--skip-open` leaves out the open and page-load runs.
 * With `--data-dir`, the folder is kept and a project made there before is used again (making one
 * takes minutes: preparing an hour of media and speaking 1,000 takes).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { createVerifiedUser, signedCall } from '../../tests/support/accounts.ts';
import { freePort, REPO_ROOT, startServer, TEST_OPERATOR_TOKEN, TEST_SIGN_SECRET } from '../../tests/support/server-process.ts';
import { toolClient } from '../../tests/support/tool-client.ts';

const { values } = parseArgs({ options: { segments: { type: 'string', default: '1000' }, minutes: { type: 'string', default: '60' }, runs: { type: 'string', default: '5' }, takes: { type: 'string', default: '1' }, 'data-dir': { type: 'string' }, trace: { type: 'boolean', default: false }, profile: { type: 'boolean', default: false }, 'skip-open': { type: 'boolean', default: false } } });
const SEGMENTS = Number(values.segments);
const MINUTES = Number(values.minutes);
const RUNS = Number(values.runs);
const WITH_TAKES = values.takes !== '0';
const durationMs = MINUTES * 60_000;

const quantile = (list: number[], q: number) => {
  if (!list.length) return NaN;
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '—');
const summary = (list: number[]) => `n ${list.length}, median ${ms(quantile(list, 0.5))}, p95 ${ms(quantile(list, 0.95))}, max ${ms(Math.max(...list))}`;
const log = (line: string) => console.info(line);

// ── The app ──
if (!existsSync(path.join(REPO_ROOT, 'apps/web/build/server/index.js'))) {
  log('building the web app (apps/web/build is missing)…');
  execFileSync('npm', ['run', '--silent', 'build', '--workspace', '@voxwork/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
}
const mediaDir = path.join(tmpdir(), 'voxwork-test-media');
await mkdir(mediaDir, { recursive: true });
const videoFile = path.join(mediaDir, `editor-bench-${MINUTES}min.mp4`);
if (!existsSync(videoFile)) {
  log(`making a ${MINUTES}-minute 320×180 video with a pulsing tone (cached: ${videoFile})…`);
  execFileSync('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=5:duration=${MINUTES * 60}`,
    '-f', 'lavfi', '-i', `aevalsrc='0.4*sin(2*PI*220*t)*(0.55+0.45*sin(2*PI*0.37*t))':s=16000:d=${MINUTES * 60}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '35', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '32k', '-ac', '1', '-movflags', '+faststart', '-shortest', videoFile,
  ]);
}

const keep = values['data-dir'] !== undefined;
const dataDir = keep ? path.resolve(values['data-dir']!) : await mkdtemp(path.join(tmpdir(), 'bench-editor-'));
await mkdir(dataDir, { recursive: true });
const stateFile = path.join(dataDir, 'bench-editor.json');
const PASSWORD = 'a good password 1';
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = await startServer({ ROLE: 'all', DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: base, LOG_LEVEL: 'warn' }, { ready: /Voxwork is (up|running)/, timeoutMs: 120_000 });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update'] });

async function makeProject() {
  // A business-plan user (2-hour media) with points for the synthesis.
  const email = `editor-bench-${Date.now()}@example.com`;
  const user = await createVerifiedUser(base, dataDir, email, PASSWORD);
  const gift = await signedCall(base, TEST_SIGN_SECRET, '/api/operator/giftCodes/create', { count: 1, points: 50_000, planId: 'business', vipDays: 30 }, { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` });
  const code = (gift.data as { codes: { code: string }[] }).codes[0]!.code;
  const client = toolClient(base, user);
  await client.data('/bill/userAccount/redeemCode', { redeemCode: code });

  // The project: the video, prepared (no text source), then 1,000 segments in one batch ──
  let started = performance.now();
  const uploadId = await client.upload('editor-bench.mp4', videoFile);
  const created = await client.data<{ projectId: string; prepareJobId: string }>('/api/dubbing/projects/create', {
    edition: 'pro',
    title: `Bench: ${SEGMENTS} segments over ${MINUTES} minutes`,
    from: { kind: 'upload', uploadId, sourceLanguage: 'en', textSource: 'none' },
    targetLanguages: ['es'],
  });
  const prepared = await client.until(created.prepareJobId, 900_000);
  if (prepared.status !== 'completed') throw new Error(`preparing failed: ${JSON.stringify(prepared).slice(0, 400)}`);
  log(`project prepared in ${((performance.now() - started) / 1000).toFixed(1)} s (upload, probe, waveform, poster, stems of ${MINUTES} min)`);

  const project = await client.data<{ characters: { id: string }[] }>('/api/dubbing/projects/get', { projectId: created.projectId });
  const characterIds = project.characters.map((character) => character.id);
  const slot = Math.floor(durationMs / SEGMENTS);
  const phrases = [
    ['The battery lasts all day.', 'La batería dura todo el día.'],
    ['Welcome to our little shop.', 'Bienvenidos a nuestra pequeña tienda.'],
    ['Buy it today and save.', 'Cómpralo hoy y ahorra.'],
    ['This is the lightest model we make.', 'Este es el modelo más ligero que fabricamos.'],
  ] as const;
  const ops = Array.from({ length: SEGMENTS }, (_, index) => {
    const [source, translation] = phrases[index % phrases.length]!;
    const startMs = index * slot + 200;
    return {
      kind: 'segment.put',
      segmentId: `bench${String(index).padStart(5, '0')}`,
      baseRevision: 0,
      fields: { startMs, endMs: startMs + Math.min(2_800, slot - 400), characterId: characterIds[index % characterIds.length]!, sourceText: source, translations: { es: translation } },
    };
  });
  started = performance.now();
  const edited = await client.data<{ applied: boolean }>('/api/dubbing/edit', { projectId: created.projectId, batchId: crypto.randomUUID(), ops });
  if (!edited.applied) throw new Error('the batch of segments was not applied');
  log(`${SEGMENTS} segments written in one batch in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (WITH_TAKES) {
    started = performance.now();
    const synthesis = await client.data<{ jobId: string; cost: number }>('/api/dubbing/synthesize', { projectId: created.projectId, language: 'es', segments: { kind: 'all' } });
    const spoken = await client.until(synthesis.jobId, 1_800_000);
    if (spoken.status !== 'completed') throw new Error(`synthesis failed: ${JSON.stringify(spoken).slice(0, 400)}`);
    log(`${SEGMENTS} takes spoken in ${((performance.now() - started) / 1000).toFixed(1)} s (${synthesis.cost} points)`);
  }
  return { user: { ...user, email }, projectId: created.projectId };
}

/**
 * From a Chromium trace: the renderer main thread's work inside the `dubbing:edit` measures, summed
 * by event name (self time: a child's time is taken from its parent), the largest first.
 */
function editTimeByKind(buffer: Buffer): string {
  interface TraceEvent { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; cat: string; args?: { name?: string } }
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && events.some((other) => other.pid === event.pid && other.name === 'dubbing:edit'));
  if (!main) return 'trace: no renderer main thread with dubbing:edit measures';
  const windows: Array<[number, number]> = [];
  const opened = new Map<string, number>();
  for (const event of events.filter((item) => item.pid === main.pid && item.name === 'dubbing:edit').sort((a, b) => a.ts - b.ts)) {
    if (event.ph === 'b' || event.ph === 'B') opened.set('edit', event.ts);
    else if ((event.ph === 'e' || event.ph === 'E') && opened.has('edit')) {
      windows.push([opened.get('edit')!, event.ts]);
      opened.delete('edit');
    }
    else if (event.ph === 'X' && event.dur) windows.push([event.ts, event.ts + event.dur]);
  }
  const slices = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  let total = 0;
  for (const [from, to] of windows) {
    total += to - from;
    const inside = slices.filter((event) => event.ts >= from && event.ts < to);
    const stack: TraceEvent[] = [];
    for (const event of inside) {
      while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= event.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - event.dur!);
      self.set(event.name, (self.get(event.name) ?? 0) + event.dur!);
      stack.push(event);
    }
  }
  const rows = [...self].filter(([, value]) => value > 0).sort((a, b) => b[1] - a[1]).slice(0, 14);
  // The three slowest edits, step by step: the main thread's top-level tasks (≥ 1 ms) and the idle gaps between them.
  const slowest = [...windows].sort((a, b) => b[1] - b[0] - (a[1] - a[0])).slice(0, 3);
  const steps = slowest.map(([from, to]) => {
    const top: TraceEvent[] = [];
    for (const event of slices.filter((item) => item.ts >= from && item.ts < to)) if (!top.some((outer) => outer.ts + outer.dur! > event.ts)) top.push(event);
    const parts = top.filter((event) => event.dur! >= 1000).map((event) => `+${((event.ts - from) / 1000).toFixed(1)} ${event.name} ${(event.dur! / 1000).toFixed(1)}`);
    const busy = top.reduce((sum, event) => sum + Math.min(event.dur!, to - event.ts), 0);
    return `  ${ms((to - from) / 1000)} (busy ${ms(busy / 1000)}): ${parts.join(', ')}`;
  });
  return [
    `where ${windows.length} edits' time went (mean per edit; the edit→paint mean is ${ms(total / windows.length / 1000)}):`,
    ...rows.map(([name, value]) => `  ${name.padEnd(28)} ${ms(value / windows.length / 1000)}`),
    'the slowest edits, task by task (ms from the edit):',
    ...steps,
  ].join('\n');
}

/** The functions with the most self time in a CPU profile (samples × interval), with their file and line. */
function hotFunctions(profile: { nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; hitCount?: number }>; startTime: number; endTime: number; samples?: number[] }): string {
  const perSample = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples?.length ?? 1);
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const frame = node.callFrame;
    const file = frame.url.split('/').pop() || frame.url || '(native)';
    const name = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + (node.hitCount ?? 0) * perSample);
  }
  const rows = [...byFunction].filter(([name]) => !name.startsWith('(idle)') && !name.startsWith('(program)')).sort((a, b) => b[1] - a[1]).slice(0, 25);
  return ['JavaScript self time during the interactions (top 25):', ...rows.map(([name, value]) => `  ${ms(value).padStart(10)}  ${name}`)].join('\n');
}

try {
  let user: { token: string; userId: string; email?: string };
  let projectId: string;
  const saved = existsSync(stateFile) ? (JSON.parse(await readFile(stateFile, 'utf8')) as { email: string; projectId: string; segments: number; minutes: number }) : null;
  if (saved && saved.segments === SEGMENTS && saved.minutes === MINUTES) {
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email: saved.email, password: PASSWORD }) });
    const body = (await signIn.json()) as { token: string; user: { id: string } };
    user = { token: body.token, userId: body.user.id };
    projectId = saved.projectId;
    log(`using the project made before in ${dataDir}`);
  } else {
    ({ user, projectId } = await makeProject());
    if (keep) await writeFile(stateFile, JSON.stringify({ email: user.email, projectId, segments: SEGMENTS, minutes: MINUTES }));
  }
  const client = toolClient(base, user);
  const gets: number[] = [];
  for (let run = 0; run < 5; run++) {
    const at = performance.now();
    await client.data('/api/dubbing/projects/get', { projectId });
    gets.push(performance.now() - at);
  }
  log(`the project read by the API (/api/dubbing/projects/get, from Node): ${summary(gets)}`);

  // ── The browser ──
  const cookie = { name: 'user_info', value: encodeURIComponent(JSON.stringify({ token: user.token, userId: user.userId, nickName: 'Bench', email: '', isGuest: false })), url: base };
  const url = `${base}/workbench/dubbing-pro/details?project=${projectId}`;
  const readyAt = (page: Page) =>
    page.waitForFunction(() => performance.getEntriesByName('dubbing:editor-ready')[0]?.startTime ?? null, undefined, { timeout: 60_000, polling: 20 }).then((handle) => handle.jsonValue() as Promise<number>);

  const cold: number[] = [];
  const warm: number[] = [];
  let payloadBytes = 0;
  for (let run = 0; run < (values['skip-open'] ? 0 : RUNS); run++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([cookie]);
    const page = await context.newPage();
    page.on('response', (response) => {
      if (run === 0 && response.url().includes('/api/dubbing/projects/get')) void response.body().then((body) => (payloadBytes = body.length), () => undefined);
    });
    await page.goto(url);
    cold.push(await readyAt(page));
    await page.reload();
    warm.push(await readyAt(page));
    await context.close();
  }
  // Opened from the project list, as people open a project: a click on its card → the editor painted (the app already loaded).
  const fromList: number[] = [];
  {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([cookie]);
    const page = await context.newPage();
    for (let run = 0; run < (values['skip-open'] ? 0 : RUNS + 1); run++) {
      await page.goto(`${base}/workbench/dubbing-pro`);
      const card = page.locator(`[data-testid="dubbing-project-card"][data-project-id="${projectId}"] a`).first();
      await card.waitFor({ timeout: 60_000 });
      await page.waitForTimeout(300);
      const clickedAt = await page.evaluate(() => performance.now());
      await card.click();
      const readyAt = await page
        .waitForFunction((after) => performance.getEntriesByName('dubbing:editor-ready').find((mark) => mark.startTime > after)?.startTime ?? null, clickedAt, { timeout: 60_000, polling: 20 })
        .then((handle) => handle.jsonValue() as Promise<number>);
      // The first click also loads the editor's code: counted apart.
      if (run > 0) fromList.push(readyAt - clickedAt);
      else log(`\nopen from the project list, first time (the editor's code loaded too): ${ms(readyAt - clickedAt)}`);
    }
    await context.close();
  }
  log(`open (${SEGMENTS} segments, project JSON ${(payloadBytes / 1024).toFixed(0)} KB):`);
  log(`  from the project list (click → editor painted): ${summary(fromList)}`);
  log(`  page load, cold (new context, navigation → editor painted): ${summary(cold)}`);
  log(`  page load, warm (reload):                                  ${summary(warm)}`);

  // ── Interactions ── on a copy of the project (files shared), deleted afterwards: every run edits the same starting point.
  const copy = await client.data<{ id: string }>('/api/dubbing/projects/duplicate', { projectId });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies([cookie]);
  const page = await context.newPage();
  await page.goto(`${base}/workbench/dubbing-pro/details?project=${copy.id}`);
  await readyAt(page);
  await page.evaluate(() => {
    const state = { moves: [] as number[], events: [] as { name: string; duration: number }[], longFrames: [] as number[] };
    (window as unknown as { __bench: typeof state }).__bench = state;
    addEventListener(
      'pointermove',
      (event) => {
        if (!event.buttons) return;
        const at = event.timeStamp;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => state.moves.push(performance.now() - at);
          channel.port2.postMessage(null);
        });
      },
      { capture: true },
    );
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) if (entry.interactionId) state.events.push({ name: entry.name, duration: entry.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) state.longFrames.push(entry.duration);
      }).observe({ type: 'long-animation-frame', buffered: false });
    } catch {
      // Long animation frames are Chromium 123+.
    }
    performance.clearMeasures('dubbing:edit');
  });

  const profiler = values.profile ? await context.newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.send('Profiler.start');
  }
  if (values.trace) await browser.startTracing(page, { categories: ['devtools.timeline', 'blink.user_timing', 'disabled-by-default-devtools.timeline'] });
  const track = page.getByTestId('timeline-track');
  const scroller = page.getByTestId('dubbing-timeline').getByRole('group');
  const byId = (id: string) => track.locator(`[data-segment-id="${id}"]`);
  /** The ids of the blocks wholly in view, in time order. */
  const inView = () =>
    scroller.evaluate((element) => {
      const view = element.getBoundingClientRect();
      return [...element.querySelectorAll<HTMLElement>('[data-testid="timeline-track"] [data-segment-id]')]
        .filter((block) => {
          const box = block.getBoundingClientRect();
          return box.left >= view.left + 8 && box.right <= view.right - 8;
        })
        .sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left)
        .map((block) => block.dataset.segmentId!);
    });
  const scrollToMs = async (at: number) => {
    const pxPerSecond = Number(await page.getByTestId('timeline-zoom').getAttribute('data-px-per-second'));
    await scroller.evaluate((element, left) => {
      element.scrollLeft = left;
      element.dispatchEvent(new Event('scroll'));
    }, (at / 1000) * pxPerSecond);
    await page.waitForTimeout(150);
  };
  /**
   * Two frames painted: what the last input started is on screen before the next measured edit.
   * Without it, keys pressed by the bench a millisecond apart (a person's are 100 ms or more) fall
   * into one frame, and an edit's measure would also hold the previous input's render.
   */
  const settle = () => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  const drag = async (id: string, deltaPx: number) => {
    const box = (await byId(id).boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.keyboard.down('Alt');
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let step = 1; step <= 12; step++) await page.mouse.move(x + (deltaPx * step) / 12, y);
    await settle();
    await page.mouse.up();
    await page.keyboard.up('Alt');
    await page.waitForTimeout(60);
  };
  const counts = { drags: 0, times: 0, texts: 0, splits: 0, merges: 0, undos: 0 };
  /** The edit measures each kind of interaction made (read after it: the new `dubbing:edit` entries). */
  const byKind = new Map<string, number[]>();
  let seenMeasures = 0;
  const attribute = async (kind: string) => {
    const all = await page.evaluate(() => performance.getEntriesByName('dubbing:edit').map((entry) => entry.duration));
    byKind.set(kind, [...(byKind.get(kind) ?? []), ...all.slice(seenMeasures)]);
    seenMeasures = all.length;
  };
  for (const at of [30_000, durationMs / 2, durationMs - 90_000]) {
    await scrollToMs(at);
    const ids = await inView();
    if (ids.length < 5) throw new Error(`only ${ids.length} segments in view at ${at} ms`);
    for (let round = 0; round < 3; round++) {
      await drag(ids[1]!, round % 2 ? -16 : 16);
      counts.drags++;
      await attribute('drag');
    }
    // A typed time and a text, committed.
    await byId(ids[2]!).click();
    const end = page.getByTestId('segment-end');
    const value = await end.inputValue();
    await end.fill(value.replace(/\.(\d)/, (_, digit: string) => `.${(Number(digit) + 1) % 10}`));
    await settle();
    await end.press('Enter');
    counts.times++;
    await page.waitForTimeout(60);
    await attribute('typed time');
    const text = page.getByTestId('segment-translation');
    await text.click();
    await text.press('End');
    await text.pressSequentially(' ¡Ya!', { delay: 30 });
    await settle();
    await text.blur();
    counts.texts++;
    await page.waitForTimeout(60);
    await attribute('text');
    // Split at a click on the ruler over the block's middle, merge the halves back, undo and redo.
    const box = (await byId(ids[3]!).boundingBox())!;
    await byId(ids[3]!).click({ position: { x: 4, y: 5 } });
    const ruler = (await scroller.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, ruler.y + 8);
    await settle();
    await page.keyboard.press('s');
    counts.splits++;
    const half = await page.getByTestId('segment-inspector').getAttribute('data-segment-id');
    await page.waitForTimeout(60);
    await attribute('split');
    await byId(ids[3]!).click({ position: { x: 4, y: 5 } });
    if (half && half !== ids[3]) await byId(half).click({ position: { x: 4, y: 5 }, modifiers: ['Shift'] });
    await settle();
    await page.keyboard.press('m');
    counts.merges++;
    await page.waitForTimeout(60);
    await attribute('merge');
    await settle();
    await page.keyboard.press('Control+z');
    await settle();
    await page.keyboard.press('Control+Shift+z');
    counts.undos += 2;
    await page.waitForTimeout(100);
    await attribute('undo/redo');
  }
  await page.waitForTimeout(500);
  const measured = await page.evaluate(() => ({
    edits: performance.getEntriesByName('dubbing:edit').map((entry) => entry.duration),
    ...(window as unknown as { __bench: { moves: number[]; events: { name: string; duration: number }[]; longFrames: number[] } }).__bench,
  }));
  const trace = values.trace ? await browser.stopTracing() : null;
  if (profiler) log(`\n${hotFunctions((await profiler.send('Profiler.stop')).profile)}`);
  await context.close();
  await client.data('/api/dubbing/projects/delete', { projectId: copy.id });
  if (trace) log(`\n${editTimeByKind(trace)}`);

  log(`\ninteractions at 0:30, ${MINUTES / 2}:00 and ${MINUTES - 1.5} min: ${counts.drags} drags, ${counts.times} typed times, ${counts.texts} text commits, ${counts.splits} splits, ${counts.merges} merges, ${counts.undos} undo/redo`);
  log(`  edit → painted (app's dubbing:edit measure): ${summary(measured.edits)}`);
  for (const [kind, list] of byKind) if (list.length) log(`    ${kind.padEnd(11)} ${summary(list)}`);
  log(`  drag pointer move → next paint:              ${summary(measured.moves)}`);
  const slow = measured.events.filter((entry) => entry.duration >= 16);
  log(`  input → next paint (Event Timing ≥ 16 ms):   ${slow.length ? `${slow.length} events, worst ${ms(Math.max(...slow.map((entry) => entry.duration)))} (${[...new Set(slow.map((entry) => entry.name))].join(', ')})` : 'none: every interaction painted within 16 ms'}`);
  log(`  long animation frames (≥ 50 ms):             ${measured.longFrames.length ? `${measured.longFrames.length}, worst ${ms(Math.max(...measured.longFrames))}` : 'none'}`);
  log(`\ntargets: open < 1500 ms (from the list: median ${ms(quantile(fromList, 0.5))}, p95 ${ms(quantile(fromList, 0.95))}; page load cold median ${ms(quantile(cold, 0.5))}); a drag or an edit < 50 ms (edit p95 ${ms(quantile(measured.edits, 0.95))}, drag-move p95 ${ms(quantile(measured.moves, 0.95))})`);
} finally {
  await browser.close();
  await server.kill();
  if (!keep) await rm(dataDir, { recursive: true, force: true });
}
