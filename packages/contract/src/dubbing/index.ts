/**
 * The dubbing editor's model, shared by the server and the browser (`@voxwork/contract/dubbing`,
 * a subpath of its own so pages without the editor do not load it): characters, segments, takes,
 * edits, fit, timecodes.
 */
export * from './dubbing-model.ts';
export * from './timecode.ts';
