import type { ReceivedApplication, ResponseOrder } from '@placely/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderFromParams, withOrder } from '../sort';
import { ResponsesView } from './ResponsesView';

const OPENING = '00000000-0000-4000-8000-000000000001';
/** The order of every list request the view made, in turn (what goes out as `&order=`). */
const requested: ResponseOrder[] = [];
let scored = true;

const row = (id: string, name: string): ReceivedApplication => ({
  id,
  applicant: { id: 1, name, email: null },
  formVersion: 1,
  answers: {},
  verifiedAnswers: {},
  verifiedRecords: [],
  factsVerified: false,
  status: 'submitted',
  stageId: 's1',
  score: 71.5,
  grade: 8.5,
  gradeScale: 'CGPA_10',
  graduationYear: 2026,
  revision: 1,
  submittedAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

vi.mock('../api/getOpening', () => ({ useOpening: () => ({ isPending: true, isError: false }) }));
vi.mock('../api/listApplications', () => ({
  useApplications: (_id: string, order: ResponseOrder) => {
    requested.push(order);
    return {
      isPending: false,
      isError: false,
      hasNextPage: false,
      data: {
        pages: [
          {
            items: [row('00000000-0000-4000-8000-0000000000a1', 'Asha Rao')],
            nextCursor: null,
            forms: [],
            total: 1,
            scored,
          },
        ],
      },
    };
  },
}));

/** The page's wiring: the order lives in the address (`&sort=`), as OrganizationOpeningsPage keeps it. */
function Page() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  return (
    <>
      <output aria-label="address">{location.search}</output>
      <ResponsesView
        openingId={OPENING}
        applicationId={null}
        fileId={null}
        onOpenApplication={() => {}}
        onFileStarted={() => {}}
        order={orderFromParams(params)}
        onOrderChange={(order) => setParams((previous) => withOrder(previous, order))}
      />
    </>
  );
}

function renderPage(search = `?opening=${OPENING}`) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[`/organization/openings${search}`]}>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('table');
}

const address = () => screen.getByRole('status', { name: 'address' }).textContent;
const header = (table: HTMLElement, name: RegExp) => within(table).getByRole('columnheader', { name });

afterEach(() => {
  cleanup();
  requested.length = 0;
  scored = true;
});

describe('ResponsesView: sortable headers', () => {
  it('sorts by a header click: the order goes into the address and the list request', async () => {
    const table = renderPage();
    expect(requested.at(-1)).toBe('newest');
    expect(header(table, /^Applied/).getAttribute('aria-sort')).toBe('descending');
    expect(header(table, /^Applicant/).getAttribute('aria-sort')).toBeNull();

    await act(async () => {
      fireEvent.click(within(table).getByRole('button', { name: 'Applicant' }));
    });
    expect(address()).toBe(`?opening=${OPENING}&sort=nameAsc`);
    expect(requested.at(-1)).toBe('nameAsc');
    expect(header(table, /^Applicant/).getAttribute('aria-sort')).toBe('ascending');
    expect(header(table, /^Applied/).getAttribute('aria-sort')).toBeNull();
    // A second click turns it around; the active header names its order for screen readers.
    await act(async () => {
      fireEvent.click(within(table).getByRole('button', { name: 'Applicant (A to Z)' }));
    });
    expect(address()).toBe(`?opening=${OPENING}&sort=nameDesc`);
    expect(header(table, /^Applicant/).getAttribute('aria-sort')).toBe('descending');
  });

  it('works from the keyboard, starts each column in its usual direction, and back to the default clears it', async () => {
    const table = renderPage(`?opening=${OPENING}&sort=stageAsc&stage=s1`);
    // No Stage column without the pipeline: the order still comes from the address.
    expect(requested.at(-1)).toBe('stageAsc');
    const grade = within(table).getByRole('button', { name: 'Grade' });
    grade.focus();
    await act(async () => {
      fireEvent.keyDown(grade, { key: 'Enter' });
    });
    expect(address()).toBe(`?opening=${OPENING}&sort=gradeDesc&stage=s1`);
    expect(within(table).getByRole('button', { name: 'Grade (highest first)' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(table).getByRole('button', { name: 'Score' }));
    });
    expect(requested.at(-1)).toBe('scoreDesc');
    await act(async () => {
      fireEvent.click(within(table).getByRole('button', { name: 'Applied' }));
    });
    expect(address()).toBe(`?opening=${OPENING}&stage=s1`);
    expect(requested.at(-1)).toBe('newest');
    // A grade nobody verified says so (issue #40, defect 0).
    expect(within(table).getByRole('cell', { name: '8.5 / 10 self-reported' })).toBeTruthy();
  });

  it('offers Score only when the opening has a ranking recipe', () => {
    scored = false;
    const table = renderPage();
    expect(within(table).queryByRole('button', { name: /^Score/ })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Graduation year' })).toBeTruthy();
  });

  it('reads an unknown order in the address as the default', () => {
    renderPage(`?opening=${OPENING}&sort=salary`);
    expect(requested.at(-1)).toBe('newest');
  });
});
