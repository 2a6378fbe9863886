// Class names from parts, with conditions (clsx): empty and false parts drop out. It does not
// resolve conflicting Tailwind utilities: a component offers variants (buttonClass's) instead of
// letting a caller override its classes. Resolving them took tailwind-merge, about 8 kB compressed
// on every page (docs/benchmarks.md "First-load JavaScript").
import { clsx, type ClassValue } from 'clsx';

export function cn(...parts: ClassValue[]): string {
  return clsx(parts);
}
