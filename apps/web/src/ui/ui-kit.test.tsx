import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar/avatar.tsx';
import { selectableItems } from './select/select.tsx';

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
  it('rejects items with an empty value (SPEC §5)', () => {
    expect(
      selectableItems([
        { id: '', label: 'Choose…' },
        { id: '3-5', label: '3-5 years' },
      ]),
    ).toEqual([{ id: '3-5', label: '3-5 years' }]);
  });
});
