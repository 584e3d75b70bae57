/**
 * Months of a plan (decision 6): the allowance resets at the start of every month counted from
 * the start of the billing period, for yearly plans too. Months are added in UTC and clamped to
 * the end of a shorter month (Jan 31 → Feb 28 → Mar 31), always from the period start so the
 * day of the month does not drift.
 */

export function addMonthsClamped(start: Date, months: number): Date {
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDayOfTarget = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(start.getUTCDate(), lastDayOfTarget),
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
}

/** Start of the month of the plan that `at` falls in (the period start itself before that). */
export function currentMonthStart(periodStart: Date, at: Date): Date {
  if (at <= periodStart) return periodStart;
  const approximateMonths =
    (at.getUTCFullYear() - periodStart.getUTCFullYear()) * 12 + (at.getUTCMonth() - periodStart.getUTCMonth());
  for (let months = approximateMonths + 1; months >= 0; months -= 1) {
    const candidate = addMonthsClamped(periodStart, months);
    if (candidate <= at) return candidate;
  }
  return periodStart;
}
