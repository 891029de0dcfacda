import type { RecipeBody, RecipeState } from '@placely/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecipeEditor } from './RecipeEditor';

const saved: RecipeBody[] = [];
vi.mock('../api/saveRecipe', () => ({
  useSaveRecipe: () => ({ isPending: false, mutate: (body: RecipeBody) => saved.push(body) }),
}));

const state = (videoTasks: RecipeState['videoTasks']): RecipeState => ({
  openingId: '00000000-0000-4000-8000-000000000001',
  recipe: null,
  updatedAt: null,
  fields: [],
  criteria: [{ id: '00000000-0000-4000-8000-0000000000c1', name: 'Overall', position: 0 }],
  videoTasks,
  rounds: [],
  tieBreak: 'Equal scores: the earlier application ranks higher.',
  abilities: { change: true, pin: true },
});
const PITCH = { id: '00000000-0000-4000-8000-0000000000a1', title: 'Pitch your project', removed: false };
const DEMO = { id: '00000000-0000-4000-8000-0000000000a2', title: 'Demo a feature', removed: false };
const OLD = { id: '00000000-0000-4000-8000-0000000000a3', title: 'Old task', removed: true };

function renderEditor(recipeState: RecipeState) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RecipeEditor open state={recipeState} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'Ranking recipe' });
}

/** Opens an MUI select and picks an option by its name. */
async function choose(dialog: HTMLElement, select: string, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: select }));
  const listbox = await screen.findByRole('listbox');
  await act(async () => {
    fireEvent.click(within(listbox).getByRole('option', { name: option }));
  });
}

afterEach(() => {
  cleanup();
  saved.length = 0;
});

describe('RecipeEditor: video task score', { timeout: 30_000 }, () => {
  it('offers the criterion with a picker of the opening’s live tasks and saves the chosen task', async () => {
    const dialog = renderEditor(state([OLD, PITCH, DEMO]));
    await choose(dialog, 'Add a criterion', 'Video task score');
    // The first live task is chosen; a removed one is listed but cannot be picked.
    expect(within(dialog).getByRole('combobox', { name: 'Video task' }).textContent).toBe('Pitch your project');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Video task' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Old task (removed)' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await act(async () => {
      fireEvent.click(within(listbox).getByRole('option', { name: 'Demo a feature' }));
    });
    expect(within(dialog).getByText(/1 = 0 and 5 = 1; no answer or no score yet = 0/)).toBeTruthy();

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save and re-rank' }));
    });
    expect(saved).toEqual([
      {
        openingId: '00000000-0000-4000-8000-000000000001',
        recipe: { criteria: [{ kind: 'videoScore', taskId: DEMO.id, weight: 1 }], knockouts: [] },
      },
    ]);
  });

  it('does not offer it while the opening has no live video task', async () => {
    const dialog = renderEditor(state([OLD]));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Add a criterion' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).queryByRole('option', { name: 'Video task score' })).toBeNull();
    expect(within(listbox).getByRole('option', { name: 'Average rating' })).toBeTruthy();
  });
});
