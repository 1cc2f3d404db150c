// Public API of the model layer: pure functions shared by the page, the CLI and the tests.

export * from './contrast';
export * from './fit';
export * from './formats';
export * from './gpus';
export * from './llm';
export * from './measured';
export * from './predict';
export * from './profiles';
export * from './range';
export * from './reference';
export * from './report';
export * from './roofline';
export * from './text';
export * from './verdicts';
