import { FIELD_TYPES, type FormDefinition, fieldsOf } from '@placely/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormPreview } from './FormPreview';

const everyType: FormDefinition = {
  sections: [
    {
      id: 'basics',
      title: 'Basics',
      description: 'Tell us about yourself.',
      fields: [
        { id: 'name', type: 'shortText', label: 'Full name', required: true, helpText: 'As on your ID' },
        { id: 'about', type: 'paragraph', label: 'About you', required: false },
        { id: 'age', type: 'number', label: 'Age', required: false, validation: { min: 16, max: 99 } },
        { id: 'email', type: 'email', label: 'Email', required: true },
        { id: 'phone', type: 'phone', label: 'Phone', required: false },
        { id: 'site', type: 'url', label: 'Website', required: false },
        { id: 'start', type: 'date', label: 'Earliest start', required: false },
        {
          id: 'branch',
          type: 'singleChoice',
          label: 'Branch',
          required: false,
          allowOther: true,
          options: [{ id: 'cse', label: 'Computer Science' }],
        },
        {
          id: 'langs',
          type: 'multipleChoice',
          label: 'Languages',
          required: false,
          options: [
            { id: 'ts', label: 'TypeScript' },
            { id: 'go', label: 'Go' },
          ],
          validation: { maxSelected: 1 },
        },
        {
          id: 'city',
          type: 'dropdown',
          label: 'City',
          required: false,
          options: [{ id: 'blr', label: 'Bengaluru' }],
        },
        { id: 'relocate', type: 'yesNo', label: 'Willing to relocate?', required: false },
        {
          id: 'fit',
          type: 'linearScale',
          label: 'How well do you fit?',
          required: false,
          scaleMin: 1,
          scaleMax: 5,
          minLabel: 'Not at all',
          maxLabel: 'Perfectly',
        },
        { id: 'cv', type: 'fileUpload', label: 'Resume', required: false, acceptedTypes: [], maxBytes: 2_000_000 },
      ],
    },
    {
      id: 'history',
      title: 'History',
      fields: [
        {
          id: 'jobs',
          type: 'repeatableGroup',
          label: 'Jobs',
          required: false,
          maxRows: 2,
          fields: [{ id: 'company', type: 'shortText', label: 'Company', required: true }],
        },
      ],
    },
  ],
};

afterEach(cleanup);

// Rendering every MUI field type in jsdom is slow on a busy machine.
describe('FormPreview', { timeout: 30_000 }, () => {
  it('covers every field type', () => {
    const types = new Set(fieldsOf(everyType).map((f) => f.type));
    expect(FIELD_TYPES.filter((type) => !types.has(type))).toEqual([]);
  });

  it('renders sections, questions, help and limits as applicants see them', () => {
    render(<FormPreview definition={everyType} />);
    expect(screen.getByRole('heading', { name: 'Basics' })).toBeTruthy();
    expect(screen.getByText('Tell us about yourself.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Full name/ })).toBeTruthy();
    expect(screen.getByText('As on your ID')).toBeTruthy();
    expect(screen.getByRole('group', { name: /Willing to relocate/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '5' })).toBeTruthy();
    expect(screen.getByText('Perfectly')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /City/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeTruthy();
    expect(screen.getByText(/PDF, PNG, JPEG, WebP or Word \(\.docx\), up to 1\.9 MB/)).toBeTruthy();
    expect(screen.getByText('Choose at most 1')).toBeTruthy();
  });

  it('validates with the contract schema, focuses the first invalid field, and never sends anything', async () => {
    render(<FormPreview definition={everyType} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a row to Jobs' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    });
    await waitFor(() => expect(screen.getAllByText('Required').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Full name/ })));

    fireEvent.change(screen.getByRole('textbox', { name: /Full name/ }), { target: { value: 'Asha' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Email/ }), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Age/ }), { target: { value: '12' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    });
    await waitFor(() => expect(screen.getByText('Enter a valid email address')).toBeTruthy());
    expect(screen.getByText('Must be at least 16')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Age/ })));

    fireEvent.change(screen.getByRole('textbox', { name: /Email/ }), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Age/ }), { target: { value: '21' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Other answer for Branch' }), { target: { value: 'Civil' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Go' }));
    expect((screen.getByRole('checkbox', { name: 'TypeScript' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: /Company/ }), { target: { value: 'Acme' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    });
    await waitFor(() => expect(screen.getByText(/these answers would be accepted/)).toBeTruthy());
  });

  it('checks a chosen file against the field without uploading it', async () => {
    render(<FormPreview definition={everyType} />);
    const picker = screen.getByLabelText('File for Resume') as HTMLInputElement;
    const tooBig = new File([new Uint8Array(2_100_000)], 'big.pdf', { type: 'application/pdf' });
    fireEvent.change(picker, { target: { files: [tooBig] } });
    expect(await screen.findByText(/The file is larger than/)).toBeTruthy();
    const fine = new File([new Uint8Array(10)], 'cv.pdf', { type: 'application/pdf' });
    fireEvent.change(picker, { target: { files: [fine] } });
    expect(await screen.findByText('cv.pdf')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the file for Resume' }));
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeTruthy();
  });
});
