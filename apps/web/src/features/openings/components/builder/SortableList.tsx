import {
  type Announcements,
  closestCorners,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** What an item's drag handle spreads onto itself (a focusable button). */
export interface DragHandleProps {
  ref: (element: HTMLElement | null) => void;
  attributes: Record<string, unknown>;
  listeners: Record<string, unknown> | undefined;
}

export interface SortableListProps<T> {
  items: readonly T[];
  getId: (item: T) => string;
  /** What screen readers hear for the item while it moves. */
  getLabel: (item: T, index: number) => string;
  onMove: (from: number, to: number) => void;
  children: (item: T, index: number, handle: DragHandleProps) => ReactNode;
  /** Names the list in announcements, e.g. "question" or "section". */
  noun: string;
}

const INSTRUCTIONS =
  'To reorder, press Space or Enter to pick up, use the arrow keys to move, press Space or Enter to drop, or Escape to cancel.';

function SortableItem({
  id,
  render,
}: {
  id: string;
  render: (handle: DragHandleProps, dragging: boolean) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return (
    <Box
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{ position: 'relative', zIndex: isDragging ? 2 : 'auto', opacity: isDragging ? 0.85 : 1 }}
    >
      {render(
        {
          ref: setActivatorNodeRef,
          attributes: attributes as unknown as Record<string, unknown>,
          listeners: listeners as Record<string, unknown> | undefined,
        },
        isDragging,
      )}
    </Box>
  );
}

/** A vertical list reordered by dragging a handle with the pointer or, from the keyboard, Space + arrow keys. */
export function SortableList<T>({ items, getId, getLabel, onMove, children, noun }: SortableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(getId);
  const position = (id: UniqueIdentifier | undefined) => ids.indexOf(String(id));
  const labelOf = (id: UniqueIdentifier) => {
    const index = position(id);
    const item = items[index];
    return item === undefined ? noun : getLabel(item, index);
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${labelOf(active.id)}, ${noun} ${position(active.id) + 1} of ${ids.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${labelOf(active.id)} is over position ${position(over.id) + 1} of ${ids.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${labelOf(active.id)} dropped at position ${position(over.id) + 1} of ${ids.length}.`
        : `${labelOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${labelOf(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = position(active.id);
    const to = position(over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      // Corners, not centres: a tall (open) question must still land on a short neighbour when moved by keyboard.
      collisionDetection={closestCorners}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {items.map((item, index) => (
          <SortableItem key={getId(item)} id={getId(item)} render={(handle) => children(item, index, handle)} />
        ))}
      </SortableContext>
    </DndContext>
  );
}
