// The formatter moved to lib/ctc.ts when the pipeline's offers needed it too (features do not import each other);
// the placement components keep importing it from here.
export { formatCtc } from '../../lib/ctc';
