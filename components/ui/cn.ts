// Class names from parts: conditions with clsx, and conflicting Tailwind utilities resolved by
// tailwind-merge (the later one wins), so `cn(buttonClass(), 'px-6')` gives px-6, not both.
import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...parts: ClassValue[]): string {
  return twMerge(clsx(parts));
}
