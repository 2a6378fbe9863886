// Where the strings of an input schema stand, read from the schema itself, so that a test of
// hostile text covers a field the day it is added. An input shape the walk does not know fails
// loudly instead of being skipped.
import type { z } from 'zod';

export type FieldPath = (string | number)[];

/** Where a string stands, and its format when it has one (an e-mail address, a date-time). */
export interface StringField {
  path: FieldPath;
  format: string | null;
}

/** Kinds of input that hold no text of their own. */
const TEXTLESS = new Set(['number', 'boolean', 'enum', 'literal', 'date', 'bigint', 'null', 'undefined', 'void']);

/** Every string in an input schema; an array's strings stand at its index 0. */
export function stringFields(schema: z.core.$ZodType, path: FieldPath = []): StringField[] {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'string':
      return [{ path, format: typeof def.format === 'string' ? def.format : null }];
    case 'object':
      return Object.entries(def.shape as Record<string, z.core.$ZodType>).flatMap(([key, value]) => stringFields(value, [...path, key]));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return stringFields(def.innerType as z.core.$ZodType, path);
    case 'pipe':
      return stringFields(def.in as z.core.$ZodType, path);
    case 'array':
      return stringFields(def.element as z.core.$ZodType, [...path, 0]);
    case 'union':
      return (def.options as z.core.$ZodType[]).flatMap((option) => stringFields(option, path));
    default:
      if (TEXTLESS.has(def.type)) return [];
      throw new Error(
        `stringFields does not know input of type ${def.type} at ${path.join('.') || '(top)'}: teach it, so its strings are checked too`,
      );
  }
}

/** `base` (a JSON value) with `text` put at `path`; the parts of the path it lacks are made. */
export function withTextAt(base: unknown, path: FieldPath, text: string): unknown {
  if (path.length === 0) return text;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const array = Array.isArray(base) ? [...(base as unknown[])] : [];
    array[head] = withTextAt(array[head], rest, text);
    return array;
  }
  const object = base !== null && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  object[head!] = withTextAt(object[head!], rest, text);
  return object;
}

/** The two kinds of text PostgreSQL cannot take as sent (server/domain/storable-text.ts). */
export const UNSTORABLE_TEXTS = [
  ['a NUL', 'x\u0000y', 'NUL'],
  ['a lone surrogate', 'x\uD800y', 'LONE_SURROGATE'],
] as const;
