// Calendar dates travel as "YYYY-MM-DD" and are stored in DATE columns, which Prisma maps to a JS Date
// at UTC midnight. These two functions are the only conversions between the forms.
export function toDateOnly(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function fromDateOnly(value: string): Date {
  return new Date(`${value}T00:00:00.000Z`);
}
