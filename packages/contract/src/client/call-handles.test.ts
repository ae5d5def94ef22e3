import { describe, expect, it } from 'vitest';
import * as contract from '../index.ts';
import * as handles from './call-handles.ts';

describe('call handles', () => {
  it('each handle has the path of the definition of the same name', () => {
    const entries = Object.entries(handles);
    expect(entries.length).toBeGreaterThan(0);
    for (const [name, handle] of entries) {
      const definition = (contract as Record<string, unknown>)[name] as { path?: string } | undefined;
      expect(definition?.path, name).toBe(handle.path);
    }
  });

  it('carry no schema', () => {
    for (const handle of Object.values(handles)) expect(Object.keys(handle)).toEqual(['path']);
  });
});
