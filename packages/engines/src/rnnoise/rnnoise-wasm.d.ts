/** `@echogarden/rnnoise-wasm` ships no types: its default export is the Emscripten module factory. */
declare module '@echogarden/rnnoise-wasm' {
  const createRnnoiseModule: (overrides?: Record<string, unknown>) => Promise<unknown>;
  export default createRnnoiseModule;
}
