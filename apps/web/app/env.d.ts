/** Build id, fixed once per `react-router build` (vite.config.ts `define`). */
declare const __VOXWORK_BUILD_ID__: string;
