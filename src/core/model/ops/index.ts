// Every user edit of a design as a pure function `(design, …) => design`; store actions only call these.
export * from './attributes.ts';
export * from './comments.ts';
export * from './entities.ts';
export * from './lint.ts';
export * from './partition.ts';
export * from './patterns.ts';
export * from './samples.ts';
export * from './secondary-indexes.ts';
export { DesignOpError } from './shared.ts';
export * from './table.ts';
