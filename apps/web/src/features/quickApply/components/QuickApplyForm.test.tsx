import type { FormDefinition } from '@placely/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { toFormValues } from '../formValues';
import { QuickApplyForm } from './QuickApplyForm';

const definition: FormDefinition = {
  sections: [
    {
      id: 'main',
      title: 'About you',
      fields: [
        { id: 'name', type: 'shortText', label: 'Full name', required: true, autoFillKey: 'name' },
        { id: 'email', type: 'email', label: 'Email', required: true, autoFillKey: 'email' },
        {
          id: 'jobs',
          type: 'repeatableGroup',
          label: 'Jobs',
          required: true,
          fields: [{ id: 'company', type: 'shortText', label: 'Company', required: true }],
        },
      ],
    },
  ],
};

afterEach(cleanup);

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
  });
}

describe('QuickApplyForm', { timeout: 30_000 }, () => {
  it('marks auto-filled fields and sends the validated answers', async () => {
    const onSubmit = vi.fn(async () => {});
    const values = toFormValues(definition, { name: 'Asha', email: 'asha@example.com', jobs: [{ company: 'Acme' }] });
    render(
      <QuickApplyForm
        definition={definition}
        initialValues={values}
        autoFilled={new Set(['name', 'email'])}
        mode="apply"
        submitLabel="Submit application"
        onSubmit={onSubmit}
      />,
    );
    // Each auto-filled answer is marked; the mark goes once the applicant changes that answer.
    expect(screen.getAllByText('From your profile')).toHaveLength(2);
    fireEvent.change(screen.getByRole('textbox', { name: /Full name/ }), { target: { value: '  Asha Verma ' } });
    expect(screen.getAllByText('From your profile')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: /Email/ }).getAttribute('aria-describedby')).toBeTruthy();
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Asha Verma',
      email: 'asha@example.com',
      jobs: [{ company: 'Acme' }],
    });
  });

  it('puts the server’s field errors next to their fields, rows included, and focuses the first', async () => {
    const values = toFormValues(definition, { name: 'Asha', email: 'asha@example.com', jobs: [{ company: 'Acme' }] });
    const onSubmit = vi.fn(async () => {
      throw new ApiError('Please check the answers', 'VALIDATION_FAILED', 400, [
        { field: 'answers.jobs.0.company', message: 'Company is not on our list' },
        { field: 'answers.email', message: 'This email is already used' },
      ]);
    });
    render(
      <QuickApplyForm
        definition={definition}
        initialValues={values}
        mode="apply"
        submitLabel="Submit application"
        onSubmit={onSubmit}
      />,
    );
    await submit();
    expect(await screen.findByText('This email is already used')).toBeTruthy();
    expect(screen.getByText('Company is not on our list')).toBeTruthy();
    expect(screen.getByText('Please check the highlighted answers.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Email/ })));
  });

  it('shows a refusal that names no field above the button', async () => {
    const values = toFormValues(definition, { name: 'Asha', email: 'asha@example.com', jobs: [{ company: 'Acme' }] });
    render(
      <QuickApplyForm
        definition={definition}
        initialValues={values}
        mode="apply"
        submitLabel="Submit application"
        onSubmit={async () => {
          throw new ApiError('The deadline for this opening has passed.', 'CONFLICT', 409);
        }}
      />,
    );
    await submit();
    expect(await screen.findByText('The deadline for this opening has passed.')).toBeTruthy();
  });

  it('needs the rows a required group asks for and focuses "Add a row"', async () => {
    render(
      <QuickApplyForm
        definition={definition}
        initialValues={{ ...toFormValues(definition, { name: 'Asha', email: 'a@b.co' }), jobs: [] }}
        mode="apply"
        submitLabel="Submit application"
        onSubmit={async () => {}}
      />,
    );
    await submit();
    expect(await screen.findByText('Add at least one row')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a row to Jobs' })));
  });

  it('shows a question only when its rule holds, tells what will be dropped, and never requires or sends it', async () => {
    const withRule: FormDefinition = {
      sections: [
        {
          id: 'main',
          title: 'Moving',
          fields: [
            { id: 'relocate', type: 'yesNo', label: 'Willing to relocate', required: true },
            {
              id: 'city',
              type: 'shortText',
              label: 'Which city?',
              required: true,
              showWhen: { match: 'all', conditions: [{ questionId: 'relocate', operator: 'equals', value: true }] },
            },
          ],
        },
      ],
    };
    const onSubmit = vi.fn(async () => {});
    render(
      <QuickApplyForm
        definition={withRule}
        initialValues={toFormValues(withRule, {})}
        mode="apply"
        submitLabel="Submit application"
        onSubmit={onSubmit}
      />,
    );
    expect(screen.queryByRole('textbox', { name: /Which city/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Which city/ }), { target: { value: 'Pune' } });
    expect(screen.queryByTestId('dropped-answers')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('textbox', { name: /Which city/ })).toBeNull();
    expect(screen.getByTestId('dropped-answers').textContent).toMatch(/“Which city\?” will not be sent/);
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith({ relocate: false });
    // Choosing back brings the answer back.
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(await screen.findByRole('textbox', { name: /Which city/ })).toHaveProperty('value', 'Pune');
  });
});
