import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { SortDescriptor } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { Avatar } from './avatar/avatar.tsx';
import { DatePicker } from './date-picker/date-picker.tsx';
import { NumberField } from './number-field/number-field.tsx';
import { selectableItems } from './select/select.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from './table/table.tsx';
import { hiddenBelow } from './table/table.css.ts';

describe('Avatar', () => {
  it('shows initials (titles skipped) when there is no photo', () => {
    render(<Avatar name="Dr. Elena Rodriguez" />);
    expect(screen.getByRole('img', { name: 'Dr. Elena Rodriguez' }).textContent).toBe('ER');
    render(<Avatar name="Cher" />);
    expect(screen.getByRole('img', { name: 'Cher' }).textContent).toBe('C');
  });

  it('falls back to the initials when the photo fails to load', () => {
    const { container } = render(<Avatar name="Dr. James Chen" src="/missing.jpg" />);
    const photo = container.querySelector('img');
    expect(photo?.getAttribute('alt')).toBe('Dr. James Chen');
    if (photo) fireEvent.error(photo);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Dr. James Chen' }).textContent).toBe('JC');
  });
});

describe('Select', () => {
  it('rejects items with an empty value (docs/product.md#forms)', () => {
    expect(
      selectableItems([
        { id: '', label: 'Choose…' },
        { id: '3-5', label: '3-5 years' },
      ]),
    ).toEqual([{ id: '3-5', label: '3-5 years' }]);
  });
});

const patients = [
  { id: 'p1', name: 'Ada Byron', email: 'ada@example.com' },
  { id: 'p2', name: 'Ben Okri', email: 'ben@example.com' },
  { id: 'p3', name: 'Cleo Park', email: 'cleo@example.com' },
];

function PatientTable({ onOpen, rows = patients }: { onOpen: (id: string) => void; rows?: typeof patients }) {
  const [sort, setSort] = useState<SortDescriptor>({ column: 'name', direction: 'ascending' });
  const sorted = [...rows].sort((a, b) => a.name.localeCompare(b.name) * (sort.direction === 'ascending' ? 1 : -1));
  return (
    <Table aria-label="Patients" sortDescriptor={sort} onSortChange={setSort}>
      <TableHeader>
        <Column id="name" isRowHeader allowsSorting>
          Name
        </Column>
        <Column id="email" hideBelow="md">
          Contact
        </Column>
      </TableHeader>
      <TableBody items={sorted} emptyState="No patients found">
        {(patient) => (
          <Row id={patient.id} onAction={() => onOpen(patient.id)}>
            <Cell>{patient.name}</Cell>
            <Cell hideBelow="md">{patient.email}</Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}

describe('Table', () => {
  it('moves between rows with the arrow keys and opens the focused row with Enter', async () => {
    const onOpen = vi.fn();
    const events = userEvent.setup();
    render(<PatientTable onOpen={onOpen} />);
    const table = screen.getByRole('grid', { name: 'Patients' });
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Ada Byron', 'Ben Okri', 'Cleo Park']);

    await events.tab();
    expect(document.activeElement).toBe(bodyRows[0]);
    expect(bodyRows[0]?.hasAttribute('data-focus-visible')).toBe(true);
    await events.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(bodyRows[1]);
    await events.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith('p2');
  });

  it('sorts by a sortable header and says which way (aria-sort)', async () => {
    const events = userEvent.setup();
    render(<PatientTable onOpen={() => undefined} />);
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await events.click(nameHeader);
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');
    const firstRow = screen.getAllByRole('row')[1];
    expect(firstRow && within(firstRow).getByRole('rowheader').textContent).toBe('Cleo Park');
  });

  it('hides a column and its cells below a breakpoint, and shows the empty state', () => {
    const { unmount } = render(<PatientTable onOpen={() => undefined} />);
    expect(screen.getByRole('columnheader', { name: 'Contact' }).className).toContain(hiddenBelow.md);
    expect(screen.getByRole('gridcell', { name: 'ada@example.com' }).className).toContain(hiddenBelow.md);
    unmount();
    render(<PatientTable onOpen={() => undefined} rows={[]} />);
    expect(screen.getByText('No patients found')).toBeTruthy();
  });
});

function DateOfBirth({ initial = null, onChange }: { initial?: string | null; onChange: (value: string | null) => void }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <DatePicker
      label="Date of birth"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('DatePicker', () => {
  it('takes a date typed segment by segment, as the domain’s yyyy-MM-dd', async () => {
    const onChange = vi.fn();
    const events = userEvent.setup();
    render(<DateOfBirth onChange={onChange} />);
    const month = screen.getByRole('spinbutton', { name: /month/i });
    await events.click(month);
    await events.keyboard('03');
    await events.keyboard('14');
    await events.keyboard('1985');
    expect(onChange).toHaveBeenLastCalledWith('1985-03-14');
  });

  it('picks a day in the calendar popover', async () => {
    const onChange = vi.fn();
    const events = userEvent.setup();
    render(<DateOfBirth initial="2026-02-10" onChange={onChange} />);
    await events.click(screen.getByRole('button', { name: /Open calendar/ }));
    const calendar = await screen.findByRole('dialog', { name: 'Choose a date' });
    expect(within(calendar).getByRole('heading').textContent).toBe('February 2026');
    await events.click(within(calendar).getByRole('button', { name: /February 21, 2026/ }));
    expect(onChange).toHaveBeenLastCalledWith('2026-02-21');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows its message and is invalid while it has one', () => {
    render(<DatePicker label="Appointment day" value="2026-02-10" onChange={() => undefined} errorMessage="Please enter a valid date." />);
    expect(screen.getByText('Please enter a valid date.')).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Appointment day' });
    expect(group.hasAttribute('data-invalid')).toBe(true);
  });
});

function Duration({ onChange }: { onChange: (value: number | null) => void }) {
  const [value, setValue] = useState<number | null>(60);
  return (
    <NumberField
      label="Duration (minutes)"
      minValue={15}
      maxValue={240}
      step={15}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('NumberField', () => {
  it('takes a number typed on the keyboard, steps with the arrow keys and −/+, and is null when cleared', async () => {
    const onChange = vi.fn();
    const events = userEvent.setup();
    render(<Duration onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Duration (minutes)' });

    await events.tripleClick(input);
    await events.keyboard('90');
    await events.tab();
    expect(onChange).toHaveBeenLastCalledWith(90);

    await events.click(input);
    await events.keyboard('{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith(105);

    await events.click(screen.getByRole('button', { name: /Decrease/ }));
    expect(onChange).toHaveBeenLastCalledWith(90);

    await events.tripleClick(input);
    await events.keyboard('{Backspace}');
    await events.tab();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('keeps a typed number within its bounds', async () => {
    const onChange = vi.fn();
    const events = userEvent.setup();
    render(<Duration onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Duration (minutes)' });
    await events.tripleClick(input);
    await events.keyboard('999');
    await events.tab();
    expect(onChange).toHaveBeenLastCalledWith(240);
  });
});
