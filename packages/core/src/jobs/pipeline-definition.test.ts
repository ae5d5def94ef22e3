import { describe, expect, it } from 'vitest';
import { dependentStages, type PipelineDefinition } from './pipeline-definition.ts';

const stage = (name: string, dependsOn?: PipelineDefinition<{ fused: boolean }>['stages'][number]['dependsOn']) => ({ name, ...(dependsOn ? { dependsOn } : {}), run: () => Promise.resolve({}) });

describe('dependentStages', () => {
  // read → draw → erase → mux, where erase reads draw only for some jobs (the video translator's one-language replace).
  const pipeline: PipelineDefinition<{ fused: boolean }> = {
    stages: [stage('read'), stage('draw', ['read']), stage('erase', (input) => (input.fused ? ['read', 'draw'] : ['read'])), stage('mux', ['draw', 'erase'])],
  };

  it('follows a job’s own dependencies when a stage declares them per input', () => {
    expect(dependentStages(pipeline as PipelineDefinition<unknown>, 'draw', { fused: true })).toEqual(['draw', 'erase', 'mux']);
    expect(dependentStages(pipeline as PipelineDefinition<unknown>, 'draw', { fused: false })).toEqual(['draw', 'mux']);
    expect(dependentStages(pipeline as PipelineDefinition<unknown>, 'read', { fused: false })).toEqual(['read', 'draw', 'erase', 'mux']);
  });

  it('defaults to the stage before; an unknown stage affects nothing', () => {
    const plain: PipelineDefinition<unknown> = { stages: [stage('a'), stage('b'), stage('c')] as PipelineDefinition<unknown>['stages'] };
    expect(dependentStages(plain, 'b', {})).toEqual(['b', 'c']);
    expect(dependentStages(plain, 'z', {})).toEqual([]);
  });
});
