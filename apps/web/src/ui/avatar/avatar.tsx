import { initialsOf } from '@wellspring/domain';
import { useState } from 'react';
import { avatar } from './avatar.css.ts';

export interface AvatarProps {
  name: string;
  /** A photo; when missing or failing to load, the initials show instead. */
  src?: string | null | undefined;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function Avatar({ name, src, size, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span className={[avatar({ size }), className].filter(Boolean).join(' ')}>
      {showImage && src ? (
        <img
          src={src}
          alt={name}
          loading="lazy"
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <span role="img" aria-label={name}>
          <span aria-hidden="true">{initialsOf(name)}</span>
        </span>
      )}
    </span>
  );
}
