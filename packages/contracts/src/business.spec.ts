import { ASSIGNEES, assignedDrivers, BUSINESS, isDriverNamed, namedDriver } from './business.js';

const [dean, matt] = BUSINESS.staff.map((member) => member.firstName);

describe('the named-driver rule', () => {
  it('names one driver by first name', () => {
    expect(namedDriver(dean)).toBe(dean);
    expect(assignedDrivers(matt)).toEqual([matt]);
    expect(isDriverNamed(matt)).toBe(true);
  });

  it("names both owners for 'Both': an assignment, not nobody", () => {
    expect(assignedDrivers('Both')).toEqual([dean, matt]);
    expect(namedDriver('Both')).toBe(`${dean} and ${matt}`);
    expect(isDriverNamed('Both')).toBe(true);
  });

  it("names nobody while 'Unassigned' or blank", () => {
    for (const nobody of ['Unassigned', '', '   ']) {
      expect(assignedDrivers(nobody)).toEqual([]);
      expect(namedDriver(nobody)).toBeNull();
      expect(isDriverNamed(nobody)).toBe(false);
    }
  });

  it('leaves only Unassigned of the selector without a name', () => {
    expect(ASSIGNEES.filter((assignee) => !isDriverNamed(assignee))).toEqual(['Unassigned']);
  });
});
