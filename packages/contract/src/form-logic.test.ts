import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { campusDriveBeforeLogic, FORMS_BEFORE_LOGIC } from './fixtures/forms-before-logic';
import {
  answersSchemaFor,
  draftAnswersSchemaFor,
  type FormCondition,
  type FormDefinition,
  type FormField,
  formDefinitionSchema,
  type ShowWhen,
} from './form';
import { conditionHolds, ruleInWords, ruleProblemsOf, visibilityOf, withoutHiddenAnswers } from './form-logic';

const field = (props: Record<string, unknown>) => ({ required: false, label: 'Q', ...props }) as unknown as FormField;

const text = field({ id: 't', type: 'shortText' });
const choice = field({
  id: 'c',
  type: 'singleChoice',
  allowOther: true,
  options: [
    { id: 'be', label: 'Backend' },
    { id: 'fe', label: 'Frontend' },
  ],
});
const multi = field({
  id: 'm',
  type: 'multipleChoice',
  options: [
    { id: 'ts', label: 'TypeScript' },
    { id: 'go', label: 'Go' },
  ],
});
const yesNo = field({ id: 'y', type: 'yesNo' });
const number = field({ id: 'n', type: 'number' });
const scale = field({ id: 'l', type: 'linearScale', scaleMin: 1, scaleMax: 5 });
const date = field({ id: 'd', type: 'date' });
const file = field({ id: 'f', type: 'fileUpload', acceptedTypes: [], maxBytes: 1000 });
const group = field({ id: 'g', type: 'repeatableGroup', fields: [field({ id: 's', type: 'shortText' })] });

type Test = FormCondition extends infer C ? (C extends FormCondition ? Omit<C, 'questionId'> : never) : never;
const holds = (condition: Test, target: FormField, value: unknown) =>
  conditionHolds({ ...condition, questionId: target.id } as FormCondition, target, value);

describe('every operator', () => {
  it('equals: text ignores case and spaces, choices compare option ids, yes/no booleans, numbers, dates', () => {
    expect(holds({ operator: 'equals', value: 'Pune' }, text, '  pune ')).toBe(true);
    expect(holds({ operator: 'equals', value: 'Pune' }, text, 'Puneri')).toBe(false);
    expect(holds({ operator: 'equals', value: 'be' }, choice, { optionId: 'be' })).toBe(true);
    expect(holds({ operator: 'equals', value: 'be' }, choice, { optionId: 'fe' })).toBe(false);
    expect(holds({ operator: 'equals', value: '__other__' }, choice, { optionId: '__other__', otherText: 'x' })).toBe(
      true,
    );
    expect(holds({ operator: 'equals', value: true }, yesNo, true)).toBe(true);
    expect(holds({ operator: 'equals', value: true }, yesNo, false)).toBe(false);
    expect(holds({ operator: 'equals', value: false }, yesNo, null)).toBe(false);
    expect(holds({ operator: 'equals', value: 7 }, number, 7)).toBe(true);
    expect(holds({ operator: 'equals', value: 7 }, number, '7')).toBe(true);
    expect(holds({ operator: 'equals', value: 7 }, number, '7.')).toBe(true);
    expect(holds({ operator: 'equals', value: 7 }, number, 'seven')).toBe(false);
    expect(holds({ operator: 'equals', value: '2026-01-02' }, date, '2026-01-02')).toBe(true);
  });

  it('is one of: choices by option id (any chosen for multiple choice), text by value', () => {
    expect(holds({ operator: 'isOneOf', values: ['be', 'fe'] }, choice, { optionId: 'fe' })).toBe(true);
    expect(holds({ operator: 'isOneOf', values: ['be'] }, choice, { optionId: 'fe' })).toBe(false);
    expect(holds({ operator: 'isOneOf', values: ['go'] }, multi, { optionIds: ['ts', 'go'] })).toBe(true);
    expect(holds({ operator: 'isOneOf', values: ['go'] }, multi, { optionIds: ['ts'] })).toBe(false);
    expect(holds({ operator: 'isOneOf', values: ['Pune', 'Delhi'] }, text, 'delhi')).toBe(true);
    expect(holds({ operator: 'isOneOf', values: ['Pune'] }, text, '')).toBe(false);
  });

  it('contains: a chosen option, or a part of a text', () => {
    expect(holds({ operator: 'contains', value: 'go' }, multi, { optionIds: ['go'] })).toBe(true);
    expect(holds({ operator: 'contains', value: 'go' }, multi, { optionIds: [] })).toBe(false);
    expect(holds({ operator: 'contains', value: 'react' }, text, 'I like React a lot')).toBe(true);
    expect(holds({ operator: 'contains', value: 'vue' }, text, 'I like React')).toBe(false);
  });

  it('is answered: per type, blanks and unfinished numbers are not', () => {
    const answered = (target: FormField, value: unknown) => holds({ operator: 'isAnswered' }, target, value);
    expect(answered(text, '  ')).toBe(false);
    expect(answered(text, 'x')).toBe(true);
    expect(answered(multi, { optionIds: [] })).toBe(false);
    expect(answered(multi, { optionIds: ['go'] })).toBe(true);
    expect(answered(yesNo, false)).toBe(true);
    expect(answered(number, '1e')).toBe(false);
    expect(answered(number, 0)).toBe(true);
    expect(answered(date, '2026-13')).toBe(false);
    expect(answered(file, { fileId: 'a', name: 'cv.pdf', size: 1, contentType: 'application/pdf' })).toBe(true);
    expect(answered(file, null)).toBe(false);
    expect(answered(group, [])).toBe(false);
    expect(answered(group, [{ s: 'x' }])).toBe(true);
  });

  it('number at least / at most / between, inclusive; on scales too', () => {
    expect(holds({ operator: 'atLeast', value: 7 }, number, 7)).toBe(true);
    expect(holds({ operator: 'atLeast', value: 7 }, number, 6.99)).toBe(false);
    expect(holds({ operator: 'atMost', value: 7 }, number, 7)).toBe(true);
    expect(holds({ operator: 'atMost', value: 7 }, number, 7.01)).toBe(false);
    expect(holds({ operator: 'atMost', value: 7 }, number, null)).toBe(false);
    expect(holds({ operator: 'between', min: 2, max: 4 }, scale, 2)).toBe(true);
    expect(holds({ operator: 'between', min: 2, max: 4 }, scale, 4)).toBe(true);
    expect(holds({ operator: 'between', min: 2, max: 4 }, scale, 5)).toBe(false);
  });

  it('date before / after, strict', () => {
    expect(holds({ operator: 'before', value: '2026-06-01' }, date, '2026-05-31')).toBe(true);
    expect(holds({ operator: 'before', value: '2026-06-01' }, date, '2026-06-01')).toBe(false);
    expect(holds({ operator: 'after', value: '2026-06-01' }, date, '2026-06-02')).toBe(true);
    expect(holds({ operator: 'after', value: '2026-06-01' }, date, '')).toBe(false);
  });
});

/** Relocate (yes/no) → City (shown when Yes); Track; CGPA; Experience section shown when any of two holds. */
const relocateForm: FormDefinition = formDefinitionSchema.parse({
  sections: [
    {
      id: 'a',
      title: 'About',
      fields: [
        { id: 'relocate', type: 'yesNo', label: 'Willing to relocate', required: true },
        {
          id: 'city',
          type: 'shortText',
          label: 'Which city?',
          required: true,
          showWhen: { match: 'all', conditions: [{ questionId: 'relocate', operator: 'equals', value: true }] },
        },
        {
          id: 'track',
          type: 'singleChoice',
          label: 'Track',
          required: false,
          options: [
            { id: 'be', label: 'Backend' },
            { id: 'fe', label: 'Frontend' },
          ],
        },
        { id: 'cgpa', type: 'number', label: 'CGPA', required: false },
      ],
    },
    {
      id: 'b',
      title: 'Experience',
      showWhen: {
        match: 'any',
        conditions: [
          { questionId: 'track', operator: 'equals', value: 'be' },
          { questionId: 'cgpa', operator: 'atLeast', value: 8 },
        ],
      },
      fields: [
        { id: 'years', type: 'number', label: 'Years of experience', required: true },
        {
          id: 'lead',
          type: 'yesNo',
          label: 'Led a team?',
          required: false,
          showWhen: { match: 'all', conditions: [{ questionId: 'years', operator: 'atLeast', value: 2 }] },
        },
      ],
    },
  ],
});

describe('all / any and chains', () => {
  it('any: the section shows when either condition holds', () => {
    const hidden = (answers: Record<string, unknown>) => [...visibilityOf(relocateForm, answers).hiddenSections];
    expect(hidden({ track: { optionId: 'fe' }, cgpa: 7 })).toEqual(['b']);
    expect(hidden({ track: { optionId: 'be' }, cgpa: 7 })).toEqual([]);
    expect(hidden({ track: { optionId: 'fe' }, cgpa: 9 })).toEqual([]);
  });

  it('all: every condition must hold', () => {
    const rule: ShowWhen = {
      match: 'all',
      conditions: [
        { questionId: 'track', operator: 'equals', value: 'be' },
        { questionId: 'cgpa', operator: 'atLeast', value: 8 },
      ],
    };
    const form = structuredClone(relocateForm);
    (form.sections[1] as { showWhen?: ShowWhen }).showWhen = rule;
    const shown = (answers: Record<string, unknown>) => !visibilityOf(form, answers).hiddenSections.has('b');
    expect(shown({ track: { optionId: 'be' }, cgpa: 9 })).toBe(true);
    expect(shown({ track: { optionId: 'be' }, cgpa: 7 })).toBe(false);
    expect(shown({ track: { optionId: 'fe' }, cgpa: 9 })).toBe(false);
  });

  it('a question hidden with its section hides the questions that hang on it', () => {
    const { hiddenFields } = visibilityOf(relocateForm, { track: { optionId: 'fe' }, years: 5 });
    expect([...hiddenFields].sort()).toEqual(['city', 'lead', 'years']);
  });
});

describe('hidden answers', () => {
  it('a hidden required question does not block, and its stale answer is dropped', () => {
    const schema = answersSchemaFor(relocateForm);
    const result = schema.safeParse({
      relocate: false,
      city: 'Pune',
      track: null,
      cgpa: null,
      years: null,
      lead: true,
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ relocate: false, track: null, cgpa: null });
  });

  it('a shown required question is required, named at its path', () => {
    const result = answersSchemaFor(relocateForm).safeParse({ relocate: true, city: '', track: { optionId: 'be' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['city', 'Required'],
      ['years', 'Enter a number'],
    ]);
  });

  it('unknown questions are still refused with a form that has rules', () => {
    const result = answersSchemaFor(relocateForm).safeParse({ relocate: false, nope: 1 });
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['nope'] });
  });

  it('withoutHiddenAnswers says which answers it dropped (for the notice before submit)', () => {
    const { answers, dropped } = withoutHiddenAnswers(relocateForm, {
      relocate: false,
      city: 'Pune',
      track: { optionId: 'fe' },
      years: '',
    });
    expect(answers).toEqual({ relocate: false, track: { optionId: 'fe' } });
    expect(dropped).toEqual(['city']);
  });

  it('drafts keep no hidden answer either', () => {
    const draft = draftAnswersSchemaFor(relocateForm).parse({ relocate: false, city: 'Pune' });
    expect(draft).toEqual({ relocate: false });
  });
});

describe('builder validation', () => {
  const withRule = (at: 'first' | 'last', rule: ShowWhen) => {
    const form = structuredClone(relocateForm) as FormDefinition;
    const target = at === 'first' ? form.sections[0]?.fields[0] : form.sections[1]?.fields[1];
    (target as { showWhen?: ShowWhen }).showWhen = rule;
    return formDefinitionSchema.safeParse(form);
  };
  const messages = (result: ReturnType<typeof withRule>) =>
    result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('refuses a rule that points forward, at the rule', () => {
    const result = withRule('first', { match: 'all', conditions: [{ questionId: 'cgpa', operator: 'isAnswered' }] });
    expect(messages(result)).toEqual([
      [
        'sections.0.fields.0.showWhen.conditions.0.questionId',
        'A rule can only look at earlier questions: move “CGPA” above this one, or choose another',
      ],
    ]);
  });

  it('refuses a rule on itself', () => {
    const result = withRule('first', {
      match: 'all',
      conditions: [{ questionId: 'relocate', operator: 'isAnswered' }],
    });
    expect(result.success).toBe(false);
  });

  it('refuses a rule on a deleted question, and a section rule on a question of its own section', () => {
    const result = withRule('last', { match: 'any', conditions: [{ questionId: 'gone', operator: 'isAnswered' }] });
    expect(messages(result)?.[0]?.[1]).toMatch(/no longer in the form/);
    const form = structuredClone(relocateForm);
    form.sections[1] = {
      ...(form.sections[1] as FormDefinition['sections'][number]),
      showWhen: { match: 'all', conditions: [{ questionId: 'years', operator: 'isAnswered' }] },
    };
    expect(ruleProblemsOf(form).map((p) => p.path.join('.'))).toEqual(['sections.1.showWhen.conditions.0.questionId']);
  });

  it('refuses operators and values that do not fit the question, and deleted options', () => {
    const between = withRule('last', {
      match: 'all',
      conditions: [{ questionId: 'relocate', operator: 'between', min: 1, max: 2 }],
    });
    expect(messages(between)?.[0]).toEqual([
      'sections.1.fields.1.showWhen.conditions.0.operator',
      '“is between” does not apply to this kind of question',
    ]);
    const removed = withRule('last', {
      match: 'all',
      conditions: [{ questionId: 'track', operator: 'isOneOf', values: ['be', 'ml'] }],
    });
    expect(messages(removed)?.[0]?.[0]).toBe('sections.1.fields.1.showWhen.conditions.0.values');
    const notBoolean = withRule('last', {
      match: 'all',
      conditions: [{ questionId: 'relocate', operator: 'equals', value: 'yes' }],
    });
    expect(messages(notBoolean)?.[0]?.[1]).toBe('Choose Yes or No');
  });

  it('refuses a rule on a sub-question of a repeatable group', () => {
    const form = structuredClone(campusDriveBeforeLogic) as FormDefinition;
    const projects = form.sections[1]?.fields.find((f) => f.type === 'repeatableGroup');
    if (projects?.type !== 'repeatableGroup') throw new Error('fixture');
    (projects.fields[1] as { showWhen?: ShowWhen }).showWhen = {
      match: 'all',
      conditions: [{ questionId: 'name', operator: 'isAnswered' }],
    };
    expect(formDefinitionSchema.safeParse(form).error?.issues[0]?.message).toBe(
      'Rules apply to whole questions: set it on the group instead',
    );
  });
});

describe('rules in words', () => {
  const fields = relocateForm.sections.flatMap((s) => s.fields);
  it('reads as a sentence', () => {
    expect(ruleInWords(relocateForm.sections[0]?.fields[1]?.showWhen as ShowWhen, fields)).toBe(
      'Shown when Willing to relocate is Yes',
    );
    expect(ruleInWords(relocateForm.sections[1]?.showWhen as ShowWhen, fields)).toBe(
      'Shown when Track is Backend or CGPA is at least 8',
    );
    expect(
      ruleInWords(
        {
          match: 'all',
          conditions: [
            { questionId: 'track', operator: 'isOneOf', values: ['be', 'fe'] },
            { questionId: 'cgpa', operator: 'between', min: 6, max: 8 },
            { questionId: 'gone', operator: 'isAnswered' },
          ],
        },
        fields,
      ),
    ).toBe(
      'Shown when Track is one of Backend or Frontend, CGPA is between 6 and 8 and a removed question is answered',
    );
  });
});

describe('forms saved before logic', () => {
  it.each(FORMS_BEFORE_LOGIC.map((form, i) => [i, form] as const))('fixture %i opens unchanged', (_i, form) => {
    expect(formDefinitionSchema.parse(form)).toEqual(form);
    expect(visibilityOf(form, {}).hiddenFields.size).toBe(0);
  });

  it('validates exactly as before: same answers kept, same errors', () => {
    const schema = answersSchemaFor(campusDriveBeforeLogic);
    const valid = {
      name: ' Asha ',
      email: 'asha@example.com',
      phone: '',
      site: null,
      roll: 'CS1234',
      cgpa: 8.5,
      born: '',
      track: { optionId: '__other__', otherText: 'Data' },
      langs: { optionIds: ['ts'] },
      city: null,
      relocate: false,
      fit: null,
      why: '',
      cv: { fileId: 'f1', name: 'cv.pdf', size: 10, contentType: 'application/pdf' },
      projects: [{ title: 'Placely', link: '' }],
    };
    expect(schema.parse(valid)).toEqual({
      ...valid,
      name: 'Asha',
      phone: null,
      born: null,
      why: null,
      projects: [{ title: 'Placely', link: null }],
    });
    const invalid = schema.safeParse({ ...valid, roll: 'x', cgpa: 11, projects: null, extra: 1 });
    expect(invalid.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'roll: Like CS1234',
      'cgpa: Must be at most 10',
      ': Unrecognized key: "extra"',
    ]);
  });
});

/* ---------- Property: the browser and the server see the same form ---------- */

const OPTION_IDS = ['o1', 'o2', 'o3'];
const options = OPTION_IDS.map((id) => ({ id, label: id.toUpperCase() }));
const LEAF_TYPES = ['shortText', 'number', 'yesNo', 'singleChoice', 'multipleChoice', 'date', 'linearScale'] as const;

function leafOf(type: (typeof LEAF_TYPES)[number], id: string, required: boolean): FormField {
  const base = { id, label: id, required };
  switch (type) {
    case 'singleChoice':
    case 'multipleChoice':
      return { ...base, type, options } as FormField;
    case 'linearScale':
      return { ...base, type, scaleMin: 1, scaleMax: 5 };
    default:
      return { ...base, type } as FormField;
  }
}

const conditionFor = (target: FormField): fc.Arbitrary<FormCondition> => {
  const questionId = target.id;
  const answered = fc.constant({ questionId, operator: 'isAnswered' as const });
  switch (target.type) {
    case 'shortText':
      return fc.oneof(
        answered,
        fc.constantFrom('a', 'ab', 'B').map((value) => ({ questionId, operator: 'equals' as const, value })),
        fc.constantFrom('a', 'b').map((value) => ({ questionId, operator: 'contains' as const, value })),
      );
    case 'number':
    case 'linearScale':
      return fc.oneof(
        answered,
        fc.integer({ min: 0, max: 6 }).map((value) => ({ questionId, operator: 'atLeast' as const, value })),
        fc.integer({ min: 0, max: 6 }).map((value) => ({ questionId, operator: 'atMost' as const, value })),
        fc.integer({ min: 0, max: 3 }).map((min) => ({ questionId, operator: 'between' as const, min, max: min + 2 })),
      );
    case 'yesNo':
      return fc.oneof(
        answered,
        fc.boolean().map((value) => ({ questionId, operator: 'equals' as const, value })),
      );
    case 'singleChoice':
      return fc.oneof(
        fc.constantFrom(...OPTION_IDS).map((value) => ({ questionId, operator: 'equals' as const, value })),
        fc
          .subarray(OPTION_IDS, { minLength: 1 })
          .map((values) => ({ questionId, operator: 'isOneOf' as const, values })),
      );
    case 'multipleChoice':
      return fc.constantFrom(...OPTION_IDS).map((value) => ({ questionId, operator: 'contains' as const, value }));
    case 'date':
      return fc
        .constantFrom('2026-01-01', '2026-06-01')
        .chain((value) =>
          fc.constantFrom('before' as const, 'after' as const).map((operator) => ({ questionId, operator, value })),
        );
    default:
      return answered;
  }
};

/** A random form: 1–3 sections of 1–4 questions, each question or section maybe with a rule on earlier questions. */
const formArbitrary: fc.Arbitrary<FormDefinition> = fc
  .array(fc.array(fc.tuple(fc.constantFrom(...LEAF_TYPES), fc.boolean()), { minLength: 1, maxLength: 4 }), {
    minLength: 1,
    maxLength: 3,
  })
  .chain((shape) => {
    let n = 0;
    const sections = shape.map((fields, s) => ({
      id: `s${s}`,
      title: '',
      fields: fields.map(([type, required]) => leafOf(type, `q${n++}`, required)),
    }));
    const all = sections.flatMap((section) => section.fields);
    const ruleFor = (earlier: FormField[]) =>
      earlier.length === 0
        ? fc.constant(undefined)
        : fc.option(
            fc.record({
              match: fc.constantFrom('all' as const, 'any' as const),
              conditions: fc.array(
                fc.constantFrom(...earlier).chain((target) => conditionFor(target)),
                { minLength: 1, maxLength: 3 },
              ),
            }),
            { nil: undefined },
          );
    let before = 0;
    const sectionRules = sections.map((section) => {
      const rule = ruleFor(all.slice(0, before));
      before += section.fields.length;
      return rule;
    });
    const fieldRules = all.map((_f, i) => ruleFor(all.slice(0, i)));
    return fc.tuple(fc.tuple(...sectionRules), fc.tuple(...fieldRules)).map(([sRules, fRules]) => {
      let i = 0;
      return {
        sections: sections.map((section, s) => ({
          ...section,
          ...(sRules[s] ? { showWhen: sRules[s] } : {}),
          fields: section.fields.map((f) => {
            const rule = fRules[i++];
            return (rule ? { ...f, showWhen: rule } : f) as FormField;
          }),
        })),
      } satisfies FormDefinition;
    });
  });

/** A value as the browser's form holds it: untrimmed text, '' for empty, a number being typed as text. */
const rawValueFor = (target: FormField): fc.Arbitrary<unknown> => {
  switch (target.type) {
    case 'shortText':
      return fc.constantFrom('', ' a', 'A ', 'ab', ' B', 'b a');
    case 'number':
      return fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }).map(String));
    case 'linearScale':
      return fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 5 }));
    case 'yesNo':
      return fc.constantFrom(null, true, false);
    case 'singleChoice':
      return fc.oneof(
        fc.constant(null),
        fc.constantFrom(...OPTION_IDS).map((optionId) => ({ optionId })),
      );
    case 'multipleChoice':
      return fc.subarray(OPTION_IDS).map((optionIds) => ({ optionIds }));
    case 'date':
      return fc.constantFrom('', '2025-12-31', '2026-03-01', '2026-06-01', '2026-07-01');
    default:
      return fc.constant(null);
  }
};

const answersArbitrary = (form: FormDefinition) =>
  fc.record(
    Object.fromEntries(form.sections.flatMap((s) => s.fields).map((f) => [f.id, rawValueFor(f)])) as Record<
      string,
      fc.Arbitrary<unknown>
    >,
  );

describe('browser and server agree (property)', () => {
  it('every generated form is one the builder accepts', () => {
    fc.assert(fc.property(formArbitrary, (form) => formDefinitionSchema.safeParse(form).success));
  });

  it('what the browser hides is what the server drops, and the stored answers show the same form', () => {
    fc.assert(
      fc.property(
        formArbitrary.chain((form) => fc.tuple(fc.constant(form), answersArbitrary(form))),
        ([form, typed]) => {
          // The browser: rules run on the values as typed. The server: the answers as sent, through the schema.
          const inBrowser = visibilityOf(form, typed).hiddenFields;
          const sent = Object.fromEntries(
            Object.entries(typed).map(([id, v]) => {
              const f = form.sections.flatMap((s) => s.fields).find((x) => x.id === id);
              return [id, f?.type === 'number' && typeof v === 'string' ? Number(v) : v];
            }),
          );
          const result = answersSchemaFor(form).safeParse(sent);
          if (!result.success) {
            // Only a shown question can hold the submit back.
            for (const issue of result.error.issues) expect(inBrowser.has(String(issue.path[0]))).toBe(false);
            return;
          }
          const stored = result.data as Record<string, unknown>;
          const allIds = form.sections.flatMap((s) => s.fields).map((f) => f.id);
          expect(allIds.filter((id) => !(id in stored)).sort()).toEqual([...inBrowser].sort());
          expect([...visibilityOf(form, stored).hiddenFields].sort()).toEqual([...inBrowser].sort());
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});
