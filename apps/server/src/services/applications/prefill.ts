import {
  type Answers,
  type AnswerValue,
  type AutoFillData,
  type AutoFillKey,
  type AutoFillValue,
  type FileAnswer,
  type FormDefinition,
  fieldsOf,
  type LeafField,
  OTHER_OPTION_ID,
} from '@placely/contract';
import type { UserRow } from '../../auth/authenticate';
import type { individualProfiles } from '../../db/schema';
import { readAutoFillData } from '../autofill';

/** What a person's saved data offers a form: auto-fill values by key and their default resume. */
export interface ApplicantData {
  values: AutoFillData;
  resume: FileAnswer | null;
}

/** The parts of a person's saved data that auto-fill reads (`applicantFactColumns`: one statement). */
export interface ApplicantDataParts {
  stored: unknown;
  profile: Pick<
    typeof individualProfiles.$inferSelect,
    'name' | 'location' | 'headline' | 'about' | 'linkedin' | 'github' | 'website'
  > | null;
  phone: string | null;
  portfolioPublicId: string | null;
  resume: { id: string; name: string; size: number; contentType: string | null } | null;
}

/** Auto-fill values from the parts: the stored data overlaid with the live profile, plus the default resume. */
export function applicantDataOf(user: UserRow, publicUrl: string, parts: ApplicantDataParts): ApplicantData {
  const { profile, resume } = parts;
  const live: AutoFillData = {
    name: profile?.name || user.name || undefined,
    email: user.email,
    phone: parts.phone ?? undefined,
    location: profile?.location ?? undefined,
    headline: profile?.headline ?? undefined,
    about: profile?.about ?? undefined,
    linkedin: profile?.linkedin ?? undefined,
    github: profile?.github ?? undefined,
    website: profile?.website ?? undefined,
    portfolioLink: parts.portfolioPublicId ? `${publicUrl}/viewer/${parts.portfolioPublicId}` : undefined,
  };
  const values: AutoFillData = readAutoFillData(parts.stored);
  for (const [key, value] of Object.entries(live)) {
    if (value !== undefined && value !== null && value !== '') values[key as AutoFillKey] = value;
  }
  return {
    values,
    resume: resume
      ? { fileId: resume.id, name: resume.name, size: resume.size, contentType: resume.contentType ?? '' }
      : null,
  };
}

const asText = (value: AutoFillValue): string =>
  Array.isArray(value) ? value.join(', ') : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The answer a saved value gives one field, or undefined when it does not fit the field. */
export function answerFromValue(field: LeafField, value: AutoFillValue): AnswerValue | undefined {
  switch (field.type) {
    case 'shortText':
    case 'paragraph':
    case 'email':
    case 'phone':
    case 'url':
      return asText(value);
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      return typeof value !== 'boolean' && !Array.isArray(value) && Number.isFinite(n) ? n : undefined;
    }
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
    case 'singleChoice':
    case 'dropdown': {
      const option = field.options.find((o) => sameText(o.label, asText(value)));
      if (option) return { optionId: option.id };
      if (field.type === 'singleChoice' && field.allowOther && typeof value === 'string') {
        return { optionId: OTHER_OPTION_ID, otherText: value };
      }
      return undefined;
    }
    case 'multipleChoice': {
      const wanted = Array.isArray(value) ? value : [asText(value)];
      const optionIds = field.options.filter((o) => wanted.some((w) => sameText(w, o.label))).map((o) => o.id);
      return optionIds.length > 0 ? { optionIds } : undefined;
    }
    case 'yesNo':
      return typeof value === 'boolean' ? value : undefined;
    case 'linearScale': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isInteger(n) && n >= field.scaleMin && n <= field.scaleMax ? n : undefined;
    }
    case 'fileUpload':
      return undefined;
  }
}

/** Answers for every top-level field with an auto-fill key that the person's data can fill. */
export function prefillAnswers(definition: FormDefinition, data: ApplicantData): Answers {
  const answers: Answers = {};
  for (const field of fieldsOf(definition)) {
    if (field.type === 'repeatableGroup' || !field.autoFillKey) continue;
    if (field.type === 'fileUpload') {
      const resume = field.autoFillKey === 'resume' ? data.resume : null;
      const typeFits = resume && (field.acceptedTypes.length === 0 || field.acceptedTypes.includes(resume.contentType));
      if (resume && typeFits && resume.size <= field.maxBytes) answers[field.id] = resume;
      continue;
    }
    const value = data.values[field.autoFillKey];
    if (value === undefined) continue;
    const answer = answerFromValue(field, value);
    if (answer !== undefined) answers[field.id] = answer;
  }
  return answers;
}

/** What a submitted application teaches the person's auto-fill data: each keyed field's answer, as plain values. */
export function autoFillPatchFromAnswers(
  definition: FormDefinition,
  answers: Answers,
): Partial<Record<AutoFillKey, AutoFillValue>> {
  const patch: Partial<Record<AutoFillKey, AutoFillValue>> = {};
  for (const field of fieldsOf(definition)) {
    if (field.type === 'repeatableGroup' || field.type === 'fileUpload' || !field.autoFillKey) continue;
    const answer = answers[field.id];
    if (answer === null || answer === undefined || answer === '') continue;
    const value = valueFromAnswer(field, answer);
    if (value !== undefined) patch[field.autoFillKey] = value;
  }
  return patch;
}

function valueFromAnswer(field: LeafField, answer: AnswerValue): AutoFillValue | undefined {
  if (typeof answer === 'string' || typeof answer === 'number' || typeof answer === 'boolean') return answer;
  if (Array.isArray(answer) || answer === null) return undefined;
  if ('optionId' in answer && (field.type === 'singleChoice' || field.type === 'dropdown')) {
    if (answer.optionId === OTHER_OPTION_ID) return answer.otherText || undefined;
    return field.options.find((o) => o.id === answer.optionId)?.label;
  }
  if ('optionIds' in answer && field.type === 'multipleChoice') {
    const labels = answer.optionIds.flatMap((id) =>
      id === OTHER_OPTION_ID
        ? answer.otherText
          ? [answer.otherText]
          : []
        : field.options.filter((o) => o.id === id).map((o) => o.label),
    );
    return labels.length > 0 ? labels : undefined;
  }
  return undefined;
}
