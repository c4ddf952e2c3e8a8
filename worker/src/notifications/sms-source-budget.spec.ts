import { dailyPools } from './sms-source-budget.js';

const budget = { dailyLimit: 300, overseasDailyLimit: 20, perNumberDailyLimit: 8, sosAlertWindowSeconds: 60, sourceDailyLimit: 20, newCallerReservePercent: 20 };

describe('the day\'s texts, partitioned', () => {
  it('keeps SMS_NEW_CALLER_RESERVE_PERCENT of SMS_DAILY_LIMIT for new callers, and the two pools never exceed it', () => {
    expect(dailyPools(budget)).toEqual({ general: 240, newCallers: 60 });
    expect(dailyPools({ ...budget, dailyLimit: 4 })).toEqual({ general: 4, newCallers: 0 });
    expect(dailyPools({ ...budget, dailyLimit: 7, newCallerReservePercent: 50 })).toEqual({ general: 4, newCallers: 3 });
  });
});
