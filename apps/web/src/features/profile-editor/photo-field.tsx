import { checkProfilePhotoFile, PROFILE_PHOTO_UPLOAD_PATH, profilePhotoMessages, profilePhotoTypes, type StoredPhotoInfo } from '@wellspring/domain';
import { useId, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { notify } from '../../lib/toast.tsx';
import { Avatar } from '../../ui/avatar/avatar.tsx';
import { Button } from '../../ui/button/button.tsx';
import * as styles from './profile-editor.css.ts';

/** Posts the image's bytes as they are; the server checks and re-encodes them. */
async function uploadProfilePhoto(file: File): Promise<StoredPhotoInfo> {
  const response = await fetch(PROFILE_PHOTO_UPLOAD_PATH, { method: 'POST', headers: { 'content-type': file.type }, body: file, credentials: 'same-origin' });
  const body = (await response.json().catch(() => null)) as (StoredPhotoInfo & { error?: { message?: string } }) | null;
  if (!response.ok || !body?.photoUrl) throw new Error(body?.error?.message ?? profilePhotoMessages.uploadFailed);
  return body;
}

export interface PhotoFieldProps {
  readonly name: string;
  readonly photoUrl: string | null;
  readonly onChange: (photoUrl: string | null) => void;
  readonly errorMessage?: string | undefined;
  readonly isDisabled?: boolean;
  readonly buttonRef?: (element: HTMLElement | null) => void;
}

/** The profile photo: a preview (initials without one), Upload Photo / Change Photo and Remove Photo. */
export function PhotoField({ name, photoUrl, onChange, errorMessage, isDisabled, buttonRef }: PhotoFieldProps) {
  const [uploading, setUploading] = useState(false);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const labelId = useId();
  const hintId = useId();
  const shown = message ?? errorMessage;

  const choose = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    const refused = checkProfilePhotoFile(file);
    if (refused) {
      setMessage(refused);
      return;
    }
    setMessage(undefined);
    setUploading(true);
    try {
      const stored = await uploadProfilePhoto(file);
      onChange(stored.photoUrl);
      notify.success({ title: profilePhotoMessages.uploaded });
    } catch (error) {
      setMessage(error instanceof Error ? error.message : profilePhotoMessages.uploadFailed);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={hintId} className={styles.photo}>
      <Avatar name={name.trim() || 'Profile photo'} src={photoUrl} size="lg" />
      <div className={styles.photoActions}>
        <span id={labelId} className={styles.fieldLabel}>
          Profile Photo
        </span>
        <div className={styles.photoButtons}>
          <FileTrigger acceptedFileTypes={[...profilePhotoTypes]} onSelect={(files) => void choose(files)}>
            <Button variant="outline" size="sm" isDisabled={isDisabled || uploading} ref={buttonRef}>
              {uploading ? 'Uploading...' : photoUrl ? 'Change Photo' : 'Upload Photo'}
            </Button>
          </FileTrigger>
          {photoUrl ? (
            <Button variant="ghost" size="sm" isDisabled={isDisabled || uploading} onPress={() => onChange(null)}>
              Remove Photo
            </Button>
          ) : null}
        </div>
        <span id={hintId} className={styles.hint}>
          JPEG, PNG or WebP, up to 5 MB.
        </span>
        {shown ? (
          <span role="alert" className={styles.error}>
            {shown}
          </span>
        ) : null}
      </div>
    </div>
  );
}
