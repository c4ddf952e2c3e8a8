import { averageResponseMinutes, RESPONDING_JOBS_THAT_COUNT } from './stats.js';

describe('averageResponseMinutes', () => {
  it('is 21 minutes when no job is En Route, In Progress or Completed', () => {
    expect(averageResponseMinutes(0)).toBe(21);
  });

  it('adds 3 minutes to 15 for each responding job', () => {
    expect([1, 2, 5, 9].map(averageResponseMinutes)).toEqual([18, 21, 30, 42]);
  });

  it('caps the per-job part at 30, so never more than 45 minutes', () => {
    expect([10, 11, 50, 1000].map(averageResponseMinutes)).toEqual([45, 45, 45, 45]);
  });

  it('is moved by no responding job past RESPONDING_JOBS_THAT_COUNT, the most the API counts', () => {
    expect(averageResponseMinutes(RESPONDING_JOBS_THAT_COUNT - 1)).toBeLessThan(averageResponseMinutes(RESPONDING_JOBS_THAT_COUNT));
    expect(averageResponseMinutes(RESPONDING_JOBS_THAT_COUNT + 1)).toBe(averageResponseMinutes(RESPONDING_JOBS_THAT_COUNT));
  });
});
