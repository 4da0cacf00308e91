// The package's main entry (`resumable-upload`): the element, registered on import, and the engine.
// `resumable-upload/engine` (index.ts) is the engine alone, without Lit.
export * from './index.ts';
export * from './element.ts';
