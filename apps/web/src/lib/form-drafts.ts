/**
 * What was typed into a signed-in form, kept in this tab's sessionStorage until the form is
 * submitted, reset, or its user signs out, so a session that ends mid-form (idle limit) loses
 * nothing: after signing in again the page opens with the form as it was. Keyed by the owner (user
 * id), the page (path + search) and the form's name on the page; another user never sees a draft.
 * sessionStorage dies with the tab, so nothing typed outlives it on a shared computer.
 */
export type DraftValues = Record<string, string | boolean>;

const PREFIX = 'wellspring.draft:';

const storageKey = (owner: string, draftId: string) => `${PREFIX}${owner}:${draftId}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked: forms work, without drafts
  }
}

export function saveDraft(owner: string, draftId: string, values: DraftValues): void {
  try {
    storage()?.setItem(storageKey(owner, draftId), JSON.stringify(values));
  } catch {
    // Quota exceeded: the draft is a convenience, the form itself still works.
  }
}

/** The saved draft, or null; anything that is not a draft (edited by hand, older format) counts as none. */
export function loadDraft(owner: string, draftId: string): DraftValues | null {
  const raw = storage()?.getItem(storageKey(owner, draftId));
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const values: DraftValues = {};
    for (const [field, value] of Object.entries(parsed)) {
      if (typeof value === 'string' || typeof value === 'boolean') values[field] = value;
    }
    return values;
  } catch {
    return null;
  }
}

export function discardDraft(owner: string, draftId: string): void {
  storage()?.removeItem(storageKey(owner, draftId));
}

/** Discards every draft in this tab, or every draft not owned by `keepOwner`. */
export function discardDrafts({ keepOwner }: { keepOwner?: string } = {}): void {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, index) => store.key(index)).filter((key): key is string => key !== null);
  for (const key of keys) {
    if (key.startsWith(PREFIX) && (keepOwner === undefined || !key.startsWith(`${PREFIX}${keepOwner}:`))) store.removeItem(key);
  }
}
