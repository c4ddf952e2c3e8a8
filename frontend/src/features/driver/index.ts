/** The board's Drivers tab (driver accounts) loads when first opened. */
export const loadDriverAccounts = () => import('./admin/DriverAccounts');
