import type { FieldErrors } from 'react-hook-form';

/** The first error in the order the editor shows its inputs (zod reports issues in schema order). */
export function firstErrorPath(errors: FieldErrors | Record<string, unknown>, prefix = ''): string | null {
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    const path = key === 'root' ? prefix : prefix ? `${prefix}.${key}` : key;
    const record = value as Record<string, unknown>;
    if (typeof record.message === 'string' && 'type' in record) return path;
    const nested = firstErrorPath(record, path);
    if (nested !== null) return nested;
  }
  return null;
}

export interface ErrorEntry {
  path: string;
  message: string;
}

/** Every error, in the order the editor shows its inputs (the error summary lists them all). */
export function allErrors(errors: FieldErrors | Record<string, unknown>, prefix = ''): ErrorEntry[] {
  const found: ErrorEntry[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    const path = key === 'root' ? prefix : prefix ? `${prefix}.${key}` : key;
    const record = value as Record<string, unknown>;
    if (typeof record.message === 'string' && 'type' in record) found.push({ path, message: record.message });
    else found.push(...allErrors(record, path));
  }
  return found;
}

const SETTING_NAMES: Record<string, string> = {
  title: 'Title',
  label: 'Question',
  options: 'Options',
  fields: 'Questions',
  sections: 'Sections',
  description: 'Description',
  deadline: 'Deadline',
  externalLink: 'External link',
  questionId: 'question',
  operator: 'test',
  value: 'value',
  values: 'values',
  min: 'lower bound',
  max: 'upper bound',
};

const labelOf = (item: unknown, fallback: string) => {
  const record = item as { label?: unknown; title?: unknown } | undefined;
  const text = typeof record?.label === 'string' ? record.label : typeof record?.title === 'string' ? record.title : '';
  return text.trim() ? `“${text.trim()}”` : fallback;
};

/**
 * Where an error is, in the words of the editor: `Section 2 › “Projects” › sub-question 1 › Question`, or for a
 * rule `“Which city?” › rule, condition 1: question`. `values` are the editor's values (for labels).
 */
export function placeOfError(path: string, values: unknown): string {
  const parts = path.split('.');
  const words: string[] = [];
  let node: unknown = values;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const next = parts[i + 1];
    const child = (node as Record<string, unknown> | undefined)?.[part];
    if (part === 'form') {
      node = child;
      continue;
    }
    if (
      (part === 'sections' || part === 'fields' || part === 'options' || part === 'conditions') &&
      next &&
      /^\d+$/.test(next)
    ) {
      const item = (child as unknown[] | undefined)?.[Number(next)];
      const n = Number(next) + 1;
      if (part === 'sections') words.push(`Section ${n}${labelOf(item, '') ? ` ${labelOf(item, '')}` : ''}`);
      else if (part === 'fields')
        words.push(labelOf(item, `${parts[i - 2] === 'fields' ? 'sub-question' : 'question'} ${n}`));
      else if (part === 'options') words.push(`option ${n}`);
      else words.push(`condition ${n}`);
      node = item;
      i++;
      continue;
    }
    if (part === 'showWhen') {
      words.push('rule');
      node = child;
      continue;
    }
    words.push(SETTING_NAMES[part] ?? part.replace(/([A-Z])/g, ' $1').toLowerCase());
    node = child;
  }
  return words.join(' › ');
}
