import { describe, expect, it } from 'vitest';
import { TOOL_PRICES } from '../prices.ts';
import { INTERNAL_JOBS, mainPage, TOOL_CATALOGUE, TOOL_IDS, TOOL_PAGES, toolOfPage } from './tool-catalogue.ts';
import { JOB_OUTPUTS, JOB_TYPES, jobTypesOfTools, TOOL_JOBS, toolOfJob, toolsWithJobs } from './tool-jobs.ts';

/** The workbench tool pages of the spec (§2), locale-neutral, `{slug}` as `:slug`. */
const SPEC_TOOL_PAGES = [
  '/workbench/ai-avatar-video',
  '/workbench/ai-tools',
  '/workbench/ai-tools/video-erasure',
  '/workbench/dubbing-pro',
  '/workbench/dubbing-pro/details',
  '/workbench/dubbing-studio',
  '/workbench/dubbing-studio/details/:slug',
  '/workbench/speech-to-speech',
  '/workbench/text-to-speech',
  '/workbench/video-translator',
  '/workbench/video-translator/details/:slug',
  '/workbench/video-translator-pro',
  '/workbench/video-translator-pro/result/:slug',
  '/workbench/video-translator-pro/details/:slug',
  '/workbench/voice-cloning',
  '/workbench/voice-library',
];
/** Our own pages: the AI tools hub's small tools (issue 15), each a card of the hub. */
const HUB_TOOL_PAGES = ['/workbench/ai-tools/audio-separation', '/workbench/ai-tools/subtitle-burn-in', '/workbench/ai-tools/subtitle-extraction'];
/** The season board of a series (issue 28): its episodes run as video translations. */
const SERIES_PAGES = ['/workbench/series'];
/** The spec's marketing pages of tools (§2). */
const SPEC_TOOL_LANDINGS = ['/speech-to-speech', '/talking-photo', '/text-to-speech', '/video-translator', '/voice-cloning', '/voice-library'];

describe('tool catalogue', () => {
  it('holds every tool of the spec once, by the folder name every layer uses', () => {
    expect(TOOL_IDS).toEqual(['text-to-speech', 'speech-to-speech', 'voice-cloning', 'voices', 'video-translation', 'dubbing', 'series', 'avatar', 'video-erasure', 'subtitle-extraction', 'audio-separation', 'subtitle-burn-in']);
    for (const id of TOOL_IDS) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('lists every workbench tool page and tool landing page of the spec (and the hub tools of ours), each once, in both languages', () => {
    expect([...TOOL_PAGES.map((page) => page.paths.en)].sort()).toEqual([...SPEC_TOOL_PAGES, ...HUB_TOOL_PAGES, ...SERIES_PAGES].sort());
    for (const tool of TOOL_CATALOGUE) if ('hub' in tool) for (const page of tool.pages) expect(page.paths.en.startsWith(`/workbench/${tool.hub}/`), page.id).toBe(true);
    expect(new Set(TOOL_PAGES.map((page) => page.id)).size).toBe(TOOL_PAGES.length);
    for (const page of TOOL_PAGES) expect(page.paths.zh).toBe(`/zh${page.paths.en}`);
    const landings = TOOL_CATALOGUE.flatMap((tool) => (tool.marketing ? [tool.marketing] : []));
    expect(landings.map((landing) => landing.en).sort()).toEqual([...SPEC_TOOL_LANDINGS].sort());
    for (const landing of landings) expect(landing.zh).toBe(`/zh${landing.en}`);
  });

  it('gives each tool a main page that names it, and finds the tool of each page', () => {
    for (const tool of TOOL_CATALOGUE) {
      expect(mainPage(tool).kind, tool.id).toBe('tool');
      for (const page of tool.pages) expect(toolOfPage(page.id)).toBe(tool.id);
    }
    expect(mainPage(TOOL_CATALOGUE.find((tool) => tool.id === 'video-erasure')!).paths.en).toBe('/workbench/ai-tools/video-erasure');
  });

  it('knows every job type, its tool and output; internal job types belong to no tool', () => {
    expect([...JOB_TYPES].sort()).toEqual(['audio-separation.separate', 'avatar.faces', 'avatar.preview', 'avatar.render', 'dubbing.export', 'dubbing.prepare', 'dubbing.synthesize', 'dubbing.translate', 'speech-to-speech.convert', 'subtitle-burn-in.burn', 'subtitle-extraction.extract', 'system.ping', 'system.selfCheck', 'text-to-speech.synthesize', 'video-erasure.detect', 'video-erasure.erase', 'video-erasure.preview', 'video-translation.dub', 'voice-cloning.clone']);
    expect(toolOfJob('text-to-speech.synthesize')).toBe('text-to-speech');
    expect(toolOfJob('voice-cloning.clone')).toBe('voice-cloning');
    for (const type of Object.keys(INTERNAL_JOBS) as (keyof typeof INTERNAL_JOBS)[]) expect(toolOfJob(type)).toBeNull();
    for (const tool of TOOL_CATALOGUE) {
      for (const [type, output] of Object.entries(TOOL_JOBS[tool.id].jobs)) {
        expect(TOOL_JOBS[tool.id].outputs as readonly string[], `${tool.id} ${type}`).toContain(output);
        expect(JOB_OUTPUTS[type as keyof typeof JOB_OUTPUTS]).toBe(output);
      }
    }
  });

  it('offers only tools that queue jobs to the history filter, never the internal job types', () => {
    expect(toolsWithJobs()).toEqual(['text-to-speech', 'speech-to-speech', 'voice-cloning', 'video-translation', 'dubbing', 'avatar', 'video-erasure', 'subtitle-extraction', 'audio-separation', 'subtitle-burn-in']);
    expect(jobTypesOfTools(['voices'])).toEqual([]);
    expect(jobTypesOfTools(['dubbing'])).toEqual(['dubbing.prepare', 'dubbing.translate', 'dubbing.synthesize', 'dubbing.export']);
    expect(jobTypesOfTools(toolsWithJobs()).some((type) => type.startsWith('system.'))).toBe(false);
  });

  it('marks only the tools with pages and calls as built; built tools queue or price nothing they do not declare', () => {
    expect(TOOL_CATALOGUE.filter((tool) => tool.status === 'built').map((tool) => tool.id)).toEqual(['text-to-speech', 'speech-to-speech', 'voice-cloning', 'voices', 'video-translation', 'dubbing', 'series', 'avatar', 'video-erasure', 'subtitle-extraction', 'audio-separation', 'subtitle-burn-in']);
    const priced = TOOL_CATALOGUE.flatMap((tool) => TOOL_JOBS[tool.id].priceKeys as readonly string[]);
    for (const key of priced) expect(Object.keys(TOOL_PRICES)).toContain(key);
    expect(new Set(priced).size).toBe(priced.length);
  });
});
