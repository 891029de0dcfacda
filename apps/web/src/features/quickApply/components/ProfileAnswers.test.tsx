import type { Answers, FormDefinition, Resume } from '@placely/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { autoFilledFieldIds, toFormValues } from '../formValues';
import { QuickApplyForm, type QuickApplyFormProps } from './QuickApplyForm';

const resume = (id: string, title: string, isDefault: boolean, contentType = 'application/pdf'): Resume => ({
  id: `00000000-0000-4000-8000-0000000000${id}`,
  title,
  isDefault,
  createdAt: '2026-01-01T00:00:00.000Z',
  file: {
    id: `00000000-0000-4000-8000-0000000001${id}`,
    name: `${title.toLowerCase()}.pdf`,
    contentType,
    size: 2048,
    purpose: 'resume',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
});
const RESUMES = [resume('01', 'General', true), resume('02', 'Data', false), resume('03', 'Scan', false, 'image/png')];
vi.mock('../../resumes/api/listResumes', () => ({ useResumes: () => ({ data: { resumes: RESUMES } }) }));

const definition: FormDefinition = {
  sections: [
    {
      id: 'main',
      title: 'About you',
      fields: [
        { id: 'name', type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' },
        { id: 'email', type: 'email', label: 'Email', required: true, autoFillKey: 'email' },
        { id: 'phone', type: 'phone', label: 'Mobile', required: true, autoFillKey: 'phone' },
        { id: 'skills', type: 'shortText', label: 'Skills', required: false, autoFillKey: 'skills' },
        { id: 'why', type: 'paragraph', label: 'Why us?', required: false },
        {
          id: 'cv',
          type: 'fileUpload',
          label: 'Resume',
          required: true,
          acceptedTypes: ['application/pdf'],
          maxBytes: 1024 * 1024,
          autoFillKey: 'resume',
        },
      ],
    },
  ],
};
const general = RESUMES[0]?.file;
const prefill: Answers = {
  name: 'Asha Verma',
  email: 'asha@example.com',
  phone: '+919876500001',
  cv: { fileId: general?.id ?? '', name: 'general.pdf', size: 2048, contentType: 'application/pdf' },
};

afterEach(cleanup);

function renderForm(onSubmit: QuickApplyFormProps['onSubmit']) {
  const values = toFormValues(definition, prefill);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <QuickApplyForm
        definition={definition}
        initialValues={values}
        autoFilled={autoFilledFieldIds(definition, prefill, values)}
        profilePrefill={prefill}
        savedResumes
        mode="apply"
        submitLabel="Submit application"
        onSubmit={onSubmit}
      />
    </QueryClientProvider>,
  );
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
  });
}

const change = (name: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

describe('answers from the profile', { timeout: 30_000 }, () => {
  it('offers "Save to my profile too" only under changed answers the profile keeps, and sends nothing unticked', async () => {
    const onSubmit = vi.fn(async () => {});
    renderForm(onSubmit);
    // Name, email, phone and the resume came from the profile.
    expect(screen.getAllByText('From your profile')).toHaveLength(4);
    expect(screen.queryByRole('checkbox', { name: /Save to my profile too/ })).toBeNull();

    change(/Mobile/, '+91 98765 00999');
    change(/Email/, 'other@example.com');
    change(/Why us/, 'Because.');
    expect(await screen.findByRole('checkbox', { name: 'Save to my profile too: Mobile' })).toBeTruthy();
    // Email is the sign-in identity and "Why us?" maps to nothing: never offered.
    expect(screen.getAllByRole('checkbox', { name: /Save to my profile too/ })).toHaveLength(1);
    expect(screen.getAllByText('From your profile')).toHaveLength(2);

    // Back to what the profile had: no offer, the mark is back.
    change(/Mobile/, '+919876500001');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: /Save to my profile too/ })).toBeNull());
    expect(screen.getAllByText('From your profile')).toHaveLength(3);

    change(/Mobile/, '+91 98765 00999');
    await screen.findByRole('checkbox', { name: 'Save to my profile too: Mobile' });
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ phone: '+91 98765 00999' }));
    expect(onSubmit.mock.calls[0]).toHaveLength(1);
  });

  it('sends the ticked answers as saveToProfile (skills as a list) and puts refusals next to the question', async () => {
    const onSubmit = vi.fn<QuickApplyFormProps['onSubmit']>(async () => {
      throw new ApiError('Please check', 'VALIDATION_FAILED', 400, [
        { field: 'saveToProfile.phone', message: 'Your profile already has 5 phone numbers' },
      ]);
    });
    renderForm(onSubmit);
    change(/Mobile/, '+91 98765 00999');
    change(/Skills/, 'Go, rust,  go ');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Save to my profile too: Mobile' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Save to my profile too: Skills' }));
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[1]).toEqual({
      saveToProfile: { phone: '+91 98765 00999', skills: ['Go', 'rust'] },
    });
    const messages = await screen.findAllByText(/^Your profile cannot keep this answer: Your profile already has 5/);
    expect(messages.length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: /Mobile/ }).getAttribute('aria-invalid')).toBe('true');
  });

  it('offers the saved resumes, default first, and a picked one becomes the answer', async () => {
    const onSubmit = vi.fn(async () => {});
    renderForm(onSubmit);
    const picker = screen.getByRole('combobox', { name: 'Use a saved resume' }) as HTMLSelectElement;
    const options = [...picker.options].map((option) => [option.textContent, option.disabled]);
    expect(options).toEqual([
      ['Choose a saved resume…', true],
      ['General (general.pdf) · default', false],
      ['Data (data.pdf)', false],
      ['Scan (scan.pdf) · not a PDF file', true],
    ]);
    expect(picker.value).toBe(general?.id);
    fireEvent.change(picker, { target: { value: RESUMES[1]?.file.id } });
    expect(screen.getByText('data.pdf')).toBeTruthy();
    // No longer the profile's default resume: not marked.
    expect(screen.getAllByText('From your profile')).toHaveLength(3);
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        cv: { fileId: RESUMES[1]?.file.id, name: 'data.pdf', size: 2048, contentType: 'application/pdf' },
      }),
    );
  });
});
