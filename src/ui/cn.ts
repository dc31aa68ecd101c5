/** Joins class names, skipping empty ones, so optional classes read inline. */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}
