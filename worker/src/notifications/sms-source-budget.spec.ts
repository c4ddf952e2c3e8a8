import { dailyPools, overseasPools } from './sms-source-budget.js';

const budget = { dailyLimit: 300, overseasDailyLimit: 20, perNumberDailyLimit: 8, sosAlertWindowSeconds: 60, sourceDailyLimit: 20, newCallerReservePercent: 20, overseasSourceDailyLimit: 1, overseasSosPerNumberDailyLimit: 1 };

describe('the day\'s texts, partitioned', () => {
  it('keeps SMS_NEW_CALLER_RESERVE_PERCENT of SMS_DAILY_LIMIT for new callers, and the two pools never exceed it', () => {
    expect(dailyPools(budget)).toEqual({ general: 240, newCallers: 60 });
    expect(dailyPools({ ...budget, dailyLimit: 4 })).toEqual({ general: 4, newCallers: 0 });
    expect(dailyPools({ ...budget, dailyLimit: 7, newCallerReservePercent: 50 })).toEqual({ general: 4, newCallers: 3 });
  });

  it('keeps the same share of SMS_OVERSEAS_DAILY_LIMIT for new callers', () => {
    expect(overseasPools(budget)).toEqual({ general: 16, newCallers: 4 });
    expect(overseasPools({ ...budget, overseasDailyLimit: 1 })).toEqual({ general: 1, newCallers: 0 });
  });
});
