import { type CreateOfferBody, OFFER_MESSAGES, type Offer, type OfferCheck } from '@placely/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import { localDateTime, OfferDialog } from './OfferDialog';
import { letterProblem } from './OfferLetterField';

const APPLICATION = '00000000-0000-4000-8000-0000000000a1';
const sent: CreateOfferBody[] = [];
let answer: Offer;
vi.mock('../api/createOffer', () => ({
  useCreateOffer: () => ({
    isPending: false,
    mutateAsync: async (body: CreateOfferBody) => {
      sent.push(body);
      return { data: answer, message: OFFER_MESSAGES.created };
    },
  }),
}));

const checked: CreateOfferBody[] = [];
const NO_CYCLE: OfferCheck = { cycleId: null, cycleName: null, policyWarnings: [] };
let checkAnswer: () => Promise<OfferCheck> = async () => NO_CYCLE;
vi.mock('../api/checkOffer', () => ({
  useCheckOffer: () => ({
    isPending: false,
    mutateAsync: async (body: CreateOfferBody) => {
      checked.push(body);
      return checkAnswer();
    },
  }),
}));

const offer = (overrides: Partial<Offer> = {}): Offer => ({
  id: '00000000-0000-4000-8000-0000000000f1',
  applicationId: APPLICATION,
  openingId: '00000000-0000-4000-8000-000000000001',
  openingTitle: 'Backend engineer',
  organizationId: '7',
  organizationName: 'Acme',
  individualId: '9',
  individualName: 'Asha Verma',
  cycleId: null,
  kind: 'full-time',
  role: 'Backend engineer',
  ctc: { amount: 1_200_000, currency: 'INR', period: 'year' },
  location: null,
  joiningDate: null,
  letterFileId: null,
  respondBy: new Date(Date.now() + 86_400_000).toISOString(),
  status: 'pending',
  statusLabel: 'Waiting for an answer',
  statusReason: null,
  policyWarnings: [],
  decidedAt: null,
  createdAt: new Date().toISOString(),
  abilities: { accept: false, decline: false, renege: false, withdraw: true, rescind: false },
  ...overrides,
});

function renderDialog() {
  const onMade = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OfferDialog
        openingId="00000000-0000-4000-8000-000000000001"
        applicationId={APPLICATION}
        candidateName="Asha Verma"
        defaultRole="Backend engineer"
        onMade={onMade}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Make the offer to Asha Verma' }), onMade, onClose };
}

const type = (dialog: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
const send = (dialog: HTMLElement) =>
  act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the offer' }));
  });

afterEach(() => {
  cleanup();
  sent.length = 0;
  checked.length = 0;
  checkAnswer = async () => NO_CYCLE;
});

describe('OfferDialog', { timeout: 30_000 }, () => {
  it('sends the contract’s body: the amount as a number, the local deadline as an instant, blanks as null', async () => {
    answer = offer();
    const { dialog, onMade, onClose } = renderDialog();
    expect((within(dialog).getByLabelText(/^Role/) as HTMLInputElement).value).toBe('Backend engineer');
    type(dialog, /^CTC or stipend/, '1200000');
    const respondBy = new Date(Date.now() + 3 * 86_400_000);
    respondBy.setSeconds(0, 0);
    type(dialog, /^Answer by/, localDateTime(respondBy));
    await send(dialog);
    expect(sent).toEqual([
      {
        applicationId: APPLICATION,
        role: 'Backend engineer',
        kind: 'full-time',
        ctc: { amount: 1_200_000, currency: 'INR', period: 'year' },
        location: null,
        joiningDate: null,
        letterFileId: null,
        respondBy: respondBy.toISOString(),
      },
    ]);
    expect(onMade).toHaveBeenCalledWith(answer);
    expect(onClose).toHaveBeenCalled();
  });

  it('names what is wrong before sending: no amount, a deadline too far', async () => {
    answer = offer();
    const { dialog } = renderDialog();
    type(dialog, /^Answer by/, localDateTime(new Date(Date.now() + 90 * 86_400_000)));
    await send(dialog);
    expect(sent).toEqual([]);
    expect(within(dialog).getByText('Must be a number')).toBeTruthy();
    expect(within(dialog).getByText(OFFER_MESSAGES.respondByTooFar)).toBeTruthy();
  });

  it('checks the offer first: with the policy’s warnings it asks, and sends only on “Send anyway”', async () => {
    const warning = {
      rule: 'acceptedOfferEndsSeason' as const,
      label: 'An accepted offer ends the season',
      message: 'You accepted an offer, and in this cycle an accepted offer ends your season.',
    };
    checkAnswer = async () => ({ cycleId: 'c1', cycleName: 'Final placements 2026–27', policyWarnings: [warning] });
    answer = offer({ cycleId: 'c1', policyWarnings: [warning] });
    const { dialog, onMade, onClose } = renderDialog();
    type(dialog, /^CTC or stipend/, '900000');
    await send(dialog);
    expect(checked).toHaveLength(1);
    expect(sent).toEqual([]);
    const ask = screen.getByRole('dialog', { name: 'The placement policy would warn about this offer' });
    expect(within(ask).getByRole('alert').textContent).toContain(`${warning.label}: ${warning.message}`);
    expect(ask.textContent).toContain('the placement cell of Final placements 2026–27 is told');

    // "Change the offer": back to the form, as it was; nothing sent.
    fireEvent.click(within(ask).getByRole('button', { name: 'Change the offer' }));
    expect(screen.queryByRole('dialog', { name: 'The placement policy would warn about this offer' })).toBeNull();
    expect((within(dialog).getByLabelText(/^CTC or stipend/) as HTMLInputElement).value).toBe('900000');
    expect(sent).toEqual([]);

    await send(dialog);
    await act(async () => {
      fireEvent.click(
        within(screen.getByRole('dialog', { name: 'The placement policy would warn about this offer' })).getByRole(
          'button',
          { name: 'Send anyway' },
        ),
      );
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual(checked[1]);
    // The warnings confirmed before sending are not asked about again.
    expect(screen.queryByRole('dialog', { name: 'The placement policy warns about this offer' })).toBeNull();
    expect(onMade).toHaveBeenCalledWith(answer);
    expect(onClose).toHaveBeenCalled();
  });

  it('a check the server refuses names the field, and nothing is sent', async () => {
    checkAnswer = async () => {
      throw new ApiError('Please check the offer', 'VALIDATION_FAILED', 400, [
        { field: 'role', message: 'Not a role this opening offers' },
      ]);
    };
    const { dialog } = renderDialog();
    type(dialog, /^CTC or stipend/, '900000');
    await send(dialog);
    expect(checked).toHaveLength(1);
    expect(sent).toEqual([]);
    expect(within(dialog).getByText('Not a role this opening offers')).toBeTruthy();
  });

  it('after sending, a warning the check did not show (the student’s facts changed) is shown; the company keeps the offer', async () => {
    answer = offer({
      cycleId: '00000000-0000-4000-8000-0000000000c1',
      policyWarnings: [{ rule: 'maxOffers', label: 'Offers per student', message: 'You already hold 2 offers.' }],
    });
    const { dialog, onMade, onClose } = renderDialog();
    type(dialog, /^CTC or stipend/, '900000');
    await send(dialog);
    expect(sent).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    const warning = screen.getByRole('dialog', { name: 'The placement policy warns about this offer' });
    expect(within(warning).getByRole('alert').textContent).toContain('Offers per student: You already hold 2 offers.');
    expect(within(warning).getByRole('button', { name: 'Withdraw the offer…' })).toBeTruthy();
    fireEvent.click(within(warning).getByRole('button', { name: 'Keep the offer' }));
    expect(onMade).toHaveBeenCalledWith(answer);
    expect(onClose).toHaveBeenCalled();
  });
});

describe('letterProblem', () => {
  it('takes a PDF within the limit only', () => {
    expect(letterProblem({ name: 'offer.pdf', size: 2000, type: 'application/pdf' })).toBeNull();
    expect(letterProblem({ name: 'offer.PDF', size: 2000, type: '' })).toBeNull();
    expect(letterProblem({ name: 'offer.docx', size: 2000, type: 'application/msword' })).toBe('Choose a PDF file.');
    expect(letterProblem({ name: 'offer.pdf', size: 0, type: 'application/pdf' })).toBe('The file is empty.');
    expect(letterProblem({ name: 'offer.pdf', size: 50 * 1024 * 1024, type: 'application/pdf' })).toMatch(/larger/);
  });
});
