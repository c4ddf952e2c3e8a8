import sequencer from '@jest/test-sequencer';

const TestSequencer = sequencer.default;

/** e2e files start a stack and a browser, int-specs a stack or the API: the longest kinds. */
const KIND_WEIGHTS = [
  [/\.e2e-spec\.tsx?$/, 3],
  [/\.int-spec\.tsx?$/, 2],
];
const weightOf = (path) => KIND_WEIGHTS.find(([pattern]) => pattern.test(path))?.[1] ?? 1;

/**
 * Jest's own order (failed first, then the slowest, from its timings of earlier runs) when it
 * has timings. A fresh clone has none, and Jest would go by file size: the run could end on a
 * two-minute e2e file started last while the other workers idle. There, the longest kinds go
 * first (by size within a kind).
 */
export default class LongestKindsFirst extends TestSequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    if (sorted.some((test) => test.duration != null)) return sorted;
    return [...sorted].sort((a, b) => weightOf(b.path) - weightOf(a.path));
  }
}
