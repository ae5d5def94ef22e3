/**
 * Subtitle text, shared by the server and the browser (`@voxwork/contract/subtitles`, a subpath
 * of its own so pages that do not read subtitles do not load it): reading uploaded SRT / VTT / ASS
 * files, and CJK-aware line breaking for subtitles drawn into the picture.
 */
export * from './subtitle-files.ts';
export * from './subtitle-lines.ts';
