// The pages only: every page's route metadata imports this (root's static closure, decision 011).
// What tools queue and charge is `@voxwork/contract/tool-jobs` (workbench code), or `@voxwork/contract`.
export * from './tool-catalogue.ts';
